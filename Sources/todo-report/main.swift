import Foundation
import TodoReportCLI

exit(TodoReportCommand.run(Array(CommandLine.arguments.dropFirst())))
