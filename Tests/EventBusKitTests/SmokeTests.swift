import EventBusKit
import Testing

@Suite struct SmokeTests {
    @Test func compiles() {
        #expect(EventBus().recipientCount == 0)
    }
}
