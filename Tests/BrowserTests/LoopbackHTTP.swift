import Foundation

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    private let noSignal = Int32(MSG_NOSIGNAL)
#else
    private let streamSocket = SOCK_STREAM
    private let noSignal: Int32 = 0
#endif

/// Just enough HTTP for a WebDriver server on this machine: one request per
/// connection (HTTP/1.0, so no chunked replies), a deadline on every step.
enum LoopbackHTTP {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends `method path` with a JSON body to 127.0.0.1:`port`; returns the status and the reply's body.
    /// `hostPort` is the port the `Host` header names (by default `port`); `abandon`, asked
    /// about once a second while waiting, gives a reason to stop waiting early (the server's
    /// process died, its log says it cannot go on).
    static func request(
        _ method: String, port: UInt16, hostPort: UInt16? = nil, path: String, body: Data? = nil, timeout: Double,
        abandon: () -> String? = { nil }
    ) throws -> (status: Int, body: Data) {
        let deadline = Date().addingTimeInterval(timeout)
        let socketFD = socket(AF_INET, streamSocket, 0)
        guard socketFD >= 0 else { throw Failure(description: "socket failed") }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "nothing listens on port \(port)") }

        let payload = body ?? Data()
        var head = "\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(hostPort ?? port)\r\nConnection: close\r\n"
        if body != nil { head += "Content-Type: application/json; charset=utf-8\r\n" }
        head += "Content-Length: \(payload.count)\r\n\r\n"
        var bytes = [UInt8](head.utf8) + [UInt8](payload)
        while !bytes.isEmpty {
            try wait(for: socketFD, events: POLLOUT, until: deadline, doing: "\(method) \(path)", abandon: abandon)
            let written = bytes.withUnsafeBytes { send(socketFD, $0.baseAddress, $0.count, noSignal) }
            guard written > 0 else { throw Failure(description: "\(method) \(path): the server closed the connection") }
            bytes.removeFirst(written)
        }

        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            try wait(for: socketFD, events: POLLIN, until: deadline, doing: "\(method) \(path)", abandon: abandon)
            let count = chunk.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
            if count < 0 { throw Failure(description: "\(method) \(path): read failed") }
            if count == 0 { break }
            reply.append(contentsOf: chunk[..<count])
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, reply.count - 3)).first(where: { Array(reply[$0..<$0 + 4]) == separator }) else {
            throw Failure(description: "\(method) \(path): no HTTP reply")
        }
        let statusLine = String(decoding: reply[..<end], as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw Failure(description: "\(method) \(path): bad status line \(statusLine)")
        }
        return (status, Data(reply[(end + 4)...]))
    }

    private static func wait(
        for socketFD: Int32, events: Int32, until deadline: Date, doing what: String, abandon: () -> String?
    ) throws {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure(description: "\(what): no answer in time") }
            if let reason = abandon() { throw Failure(description: "\(what): \(reason)") }
            var poller = pollfd(fd: socketFD, events: Int16(events), revents: 0)
            if poll(&poller, 1, Int32(min(remaining, 1) * 1000)) > 0 { return }
        }
    }
}
