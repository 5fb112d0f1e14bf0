import Foundation
import TodoReportCLI

exit(TodoReportCommand.runProcess())
