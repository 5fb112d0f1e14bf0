import ByteLevel
import Foundation
import Testing

struct UUIDTextTests {
    @Test func idsRoundTripAsFoundationSpellsThem() {
        for _ in 0..<200 {
            let id = UUID()
            var bytes: [UInt8] = []
            UUIDText.append(id.uuid, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == id.uuidString)
            #expect(bytes.withByteView { UUIDText.parse($0) } == id)
            let lower = Array(id.uuidString.lowercased().utf8)
            #expect(lower.withByteView { UUIDText.parse($0) } == id)
        }
    }

    @Test(arguments: [
        "", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF", "E621E1F8C36C-495A-93FC-0C247A3E6E5F0",
        "G621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC+0C247A3E6E5F", "{621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ])
    func malformedTextIsNoID(text: String) {
        #expect(Array(text.utf8).withByteView { UUIDText.parse($0) } == nil)
    }
}
