import Foundation
import TodoReportCLI

exit(TodoReportCommand.run(argumentBytes: TodoReportCommand.processArgumentBytes))
