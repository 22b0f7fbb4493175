import EventBusKit
import Testing

@testable import async_stream

@Suite struct AsyncStreamTests {
    @Test func theReaderSeesEveryPriceInOrderAndEndsWhenTheBusIsGone() async {
        #expect(
            await AsyncStreamExample.transcript() == [
                "The app dispatches on the main actor; a detached task reads a stream.",
                "app: dispatch(MarketOpened()) -> drained(events: 1)",
                "app: dispatch(PriceChanged(ACME 1000)) -> drained(events: 1)",
                "app: dispatch(PriceChanged(ACME 1200)) -> drained(events: 1)",
                "app: dispatch(PriceChanged(ACME 1100)) -> drained(events: 1)",
                "app: releasing the bus",
                "reader: PriceChanged(ACME 1000), average so far 1000",
                "reader: PriceChanged(ACME 1200), average so far 1100",
                "reader: PriceChanged(ACME 1100), average so far 1100",
                "reader: the stream ended because the bus is gone",
            ])
    }
}
