import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
    private let streamSocket = SOCK_STREAM
#endif

/// The harness reads back the port a server picked; it must find exactly the listening ones.
@Suite("Ports read back from the kernel")
struct ListeningPortsTests {
    @Test("a socket listening on a port the kernel picked is found; a bound socket that does not listen is not")
    func listenerFound() throws {
        func boundSocket(listening: Bool) throws -> (descriptor: Int32, port: UInt16) {
            let descriptor = socket(AF_INET, streamSocket, 0)
            try #require(descriptor >= 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let ready = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, length) == 0 && (!listening || listen(descriptor, 1) == 0)
                        && getsockname(descriptor, $0, &length) == 0
                }
            }
            try #require(ready)
            return (descriptor, UInt16(bigEndian: address.sin_port))
        }
        let listener = try boundSocket(listening: true)
        let bound = try boundSocket(listening: false)
        defer {
            close(listener.descriptor)
            close(bound.descriptor)
        }
        let ports = ListeningPorts.of(getpid())
        #expect(ports.contains(listener.port))
        #expect(!ports.contains(bound.port))
    }

    @Test("rows of /proc/net/tcp: only LISTEN (0A) rows of the given inodes, the port in hex")
    func table() {
        let table = """
              sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 0100007F:88B3 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4242 1 0 100 0 0 10 0
               1: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 999 1 0 100 0 0 10 0
               2: 0100007F:A3F5 0100007F:88B3 01 00000000:00000000 00:00000000 00000000     0        0 4243 1 0 20 4 30 10 -1
            """
        #expect(ListeningPorts.listening(in: table, inodes: ["4242", "4243"]) == [0x88B3])
    }
}
