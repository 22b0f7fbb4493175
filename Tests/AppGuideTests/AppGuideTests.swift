import EventBusKit
import Testing

/// The article "Using EventBusKit in an app": its models, and the tests it shows.
@MainActor
@Suite struct AppGuideTests {
    @Test func anObservedPriceHoldsTheLatestAndHowManyArrived() {
        guard #available(iOS 17, macOS 14, *) else { return }
        let bus = EventBus()
        let model = PriceModel(bus: bus)
        let watched = watchPrice(on: bus)

        bus.dispatch(PriceChanged(cents: 250))

        #expect(model.price.latest?.cents == 250)
        #expect(watched.latest?.cents == 250)
        #expect(watched.count == 1)
    }

    /// "Options, filters and sticky state": a filter, a priority and `.once` on one closure.
    @Test func aBulkBuyIsSeenOnce() {
        let bus = EventBus()
        var bulkBuys: [String] = []
        let bulkBuy = bus.subscribe(
            to: ItemAdded.self, options: [.once, .priority(10)],
            where: { $0.quantity > 1 }
        ) { added in
            bulkBuys.append(added.name)
        }
        bus.dispatch(ItemAdded(name: "tea", quantity: 1))
        bus.dispatch(ItemAdded(name: "cups", quantity: 6))
        bus.dispatch(ItemAdded(name: "plates", quantity: 4))
        #expect(bulkBuys == ["cups"])
        #expect(!bulkBuy.isActive)
    }

    /// "Wait for one event": posted from another thread after the wait began.
    @Test func aWaitReturnsTheFirstCheckoutWithItems() async throws {
        let bus = EventBus()
        let poster = bus.poster(deliveringOn: MainActor.shared)
        Task.detached {
            poster.post(CheckoutRequested(itemCount: 0))
            poster.post(CheckoutRequested(itemCount: 3))
        }
        // A wait that ends is what this test checks, not how soon: with the test run's other
        // main-actor tests queued ahead of the delivery, five seconds of wall clock were too
        // few on a loaded machine. A wait nothing resumes still fails, at its timeout.
        #expect(try await waitForCheckout(on: bus, timeout: .seconds(240)) == 3)
    }

    @Test func theCheckoutFlowRegisteredAtLaunchReceivesTheCartsCheckout() {
        let services = AppServices()
        let cart = CartModel(bus: services.bus)
        services.bus.dispatch(ItemAdded(name: "tea", quantity: 3))

        cart.checkOut()

        #expect(services.checkout.started == [3])
    }

    @Test func stoppingTheReceiptLogEndsItsSubscriptions() {
        let bus = EventBus()
        let log = ReceiptLog()
        log.start(on: bus)
        bus.dispatch(CheckoutRequested(itemCount: 1))

        log.stop()
        bus.dispatch(CheckoutRequested(itemCount: 2))

        #expect(log.lines == ["checkout of 1 items"])
        #expect(bus.recipientCount == 0)
    }

    @Test func aPaymentConfirmedOnAnotherThreadReachesTheMainActor() async {
        let bus = EventBus()
        let payments = PaymentService(bus: bus)
        var confirmed: [Int] = []
        let token = bus.subscribe(to: PaymentConfirmed.self) { confirmed.append($0.orderNumber) }
        await Task.detached { payments.providerConfirmed(orderNumber: 7) }.value
        await payments.waitUntilDelivered()
        #expect(confirmed == [7])
        withExtendedLifetime(token) {}
    }
}
