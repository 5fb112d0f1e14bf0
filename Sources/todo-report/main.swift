import TodoReportCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(TodoReportCommand.runProcess())
