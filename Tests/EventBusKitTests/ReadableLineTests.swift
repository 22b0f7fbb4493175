import Testing

@testable import EventBusKit

/// Contract §16.4: wherever a line shows a recipient or an event, a shortened name keeps its
/// call site, a cut value is marked so the mark cannot be read as part of it, no line is
/// longer than 120 characters, and nesting deeper than 8 is shown as a depth marker.
@Suite(.noUnexpectedProblems) struct ReadableLineTests {
    typealias Checkout = CheckoutCompletedWithLoyaltyDiscountAppliedAndReceiptEmailedEvent

    /// The long subscription of these tests: `Subscription(to: Checkout…, at: …:1042)`.
    static let checkoutSubscription =
        "Subscription(to: CheckoutCompletedWithLoyaltyDiscountAppliedAndReceiptEmailedEvent, "
        + "at: \(longFileID):\(longLine))"

    // MARK: - The cuts

    @Test(arguments: [
        // Fits: whole.
        (
            "Subscription(to: ItemAdded, at: CartApp/CartModel.swift:42)", 59,
            "Subscription(to: ItemAdded, at: CartApp/CartModel.swift:42)"
        ),
        // A little too long: the call site's module goes.
        (
            "Subscription(to: ItemAdded, at: CartApp/CartModel.swift:42)", 57,
            "Subscription(to: ItemAdded, at: …CartModel.swift:42)"
        ),
        // The head is cut; the whole call site stays while the head keeps a third of the room.
        (
            "Subscription(to: CheckoutCompleted, at: CartApp/CartModel.swift:42)", 55,
            "Subscription(to: Chec…, at: CartApp/CartModel.swift:42)"
        ),
        // Otherwise the file's name and line, and the head gets the rest.
        (
            "Subscription(to: ItemAdded, at: CartApp/CartModel.swift:42)", 48,
            "Subscription(to: ItemAdded, …CartModel.swift:42)"
        ),
        (
            "Subscription(to: ItemAdded, at: CartApp/CartModel.swift:42)", 40,
            "Subscription(to: Ite…CartModel.swift:42)"
        ),
        // What follows the call site stays too.
        (
            "audit (once, at: App/Cart.swift:12, owner: CartModel)", 40,
            "audit (…Cart.swift:12, owner: CartModel)"
        ),
        // A call site alone loses its module.
        ("PrizeApp/ScreenController.swift:59", 30, "…ScreenController.swift:59"),
        // No call site: the first two thirds and the last third.
        (
            "VeryLongModuleName.SomeGenericType<AnotherVeryLongTypeName, YetAnotherOne>", 40,
            "VeryLongModuleName.SomeGen…etAnotherOne>"
        ),
    ])
    func aNameIsCutInTheMiddleAndKeepsItsCallSite(name: String, width: Int, shown: String) {
        #expect(cutName(name, to: width) == shown)
        #expect(shown.count <= width)
    }

    @Test(arguments: [
        ("Checkout(totalCents: 13800)", 27, "Checkout(totalCents: 13800)"),
        // Never inside a number: `1380 […]` is not 1380.
        ("Checkout(totalCents: 13800)", 24, "Checkout(totalCents: […]"),
        ("Checkout(items: 3, totalCents: 13800, note: \"x\")", 30, "Checkout(items: 3, […]"),
        ("Price(amount: 13.80, currency: EUR)", 22, "Price(amount: […]"),
        // A word that fills more than half the room is cut inside.
        ("AVeryLongIdentifierWithoutABreak(1)", 20, "AVeryLongIdentif […]"),
    ])
    func aValueIsCutAtItsEndAndMarked(value: String, width: Int, shown: String) {
        #expect(cutValue(value, to: width) == shown)
        #expect(shown.count <= width)
    }

    @Test func aListKeepsTheNamesThatFitAndSaysHowManyMore() {
        let four = ["RewardModel", "AnalyticsMediator", "Logger", "Audit"]
        #expect(cutNames(four, to: 50) == four.joined(separator: ", "))
        #expect(cutNames(four, to: 41) == "RewardModel, AnalyticsMediator and 2 more")
        // The last name shown may be cut, to no less than half of it.
        #expect(cutNames(four, to: 40) == "RewardModel, AnalyticsM…iator and 2 more")
        #expect(cutNames(four, to: 30) == "RewardModel and 3 more")
        // Too little room even for one name: its first character, and how many more.
        #expect(cutNames(four, to: 10) == "R… and 3 more")
        #expect(
            cutNames(["Prize", "Subscription(to: ClaimEvent, at: App/Prize.swift:40)"], to: 40)
                == "Prize, Subscription(to: …Prize.swift:40)")
    }

    @Test func aLineSharesItsRoomAndKeepsItsWords() {
        let line: ReadableLine =
            "\(value: "Checkout(items: 3, totalCents: 13800)") from "
            + "\(name: "Subscription(to: Checkout, at: Shop/Cart.swift:42)") → "
            + "\(names: ["Audit", "Ledger"])"
        #expect(
            line.fitted(to: 200)
                == "Checkout(items: 3, totalCents: 13800) from Subscription(to: Checkout, at: "
                + "Shop/Cart.swift:42) → Audit, Ledger")
        // Each cut part keeps what it must (the name its call site), and they share the rest
        // of the room equally; the words stay.
        #expect(
            line.fitted(to: 80)
                == "Checkout(items: 3, […] from Subscription(to: Chec…Cart.swift:42) → Audit, Ledger"
        )
        #expect(
            line.fitted(to: 60) == "Checkout( […] from Subscripti…Cart.swift:42) → Audit, Ledger")
        // Line breaks in app text read as spaces.
        #expect(
            ("\(value: "two\nlines") and \(name: "a\r\nb")" as ReadableLine).fitted()
                == "two lines and a b")
    }

    // MARK: - Where lines are made

    @Test func aLongSubscriptionKeepsItsFileAndLineInEveryLine() {
        let bus = EventBus()
        let trace = bus.startTracing()
        let logger = RecordingConsumer(name: "Logger", willConsume: [DidConsumeEvent.self])
        bus.register(logger)
        let token = bus.subscribe(to: Checkout.self, fileID: longFileID, line: longLine) { _ in }
        bus.dispatch(Checkout(totalCents: 13800), fileID: "Checkout/CheckoutScreen.swift", line: 88)

        let lines =
            trace.tree.split(separator: "\n").map(String.init)
            + trace.records.map(\.description)
            + String(describing: bus).split(separator: "\n").map(String.init)
            + bus.explain(Checkout(totalCents: 1)).lines
            + logger.events.map { "\($0)" }
        #expect(lines.allSatisfy { $0.count <= 120 })
        #expect(
            trace.tree == """
                1. CheckoutCompletedWithL […] at Checkout/CheckoutScreen.swift:88 → \
                Subscription(to: Check…CheckoutViewModel.swift:1042)
                └─ 2. DidConsumeEvent of pass 1 from \
                Subscription(to: CheckoutCompletedWithLoyalt…CheckoutViewModel.swift:1042) → Logger

                """)
        #expect(
            trace.records.map(\.description) == [
                "1. CheckoutCompletedWithLoyaltyDiscountAppl […] → "
                    + "Subscription(to: CheckoutCompletedWithLo…CheckoutViewModel.swift:1042)",
                "2. DidConsumeEvent( […] from "
                    + "Subscription(to: CheckoutCompletedWithLoya…CheckoutViewModel.swift:1042) in "
                    + "pass 1 → Logger",
            ])
        #expect(
            trace.mermaid.contains(
                "participant P2 as Subscription(to: C…CheckoutViewModel.swift:1042)\n"))
        // The lists go under a name too long to share a line with them.
        #expect(
            String(describing: bus) == """
                EventBus: 2 recipients
                  1. Logger  willConsume: [DidConsumeEvent]  excludeList: []
                  2. Subscription(to: CheckoutCompletedWithLoyaltyDiscountAppliedAnd…, at: \
                CheckoutFeature/CheckoutViewModel.swift:1042)
                     willConsume: [CheckoutCompletedWithLoyaltyDiscountAppliedAndReceiptEmailedEvent]  \
                excludeList: []
                routes built:
                  CheckoutCompletedWithLoyalty…ptEmailedEvent → \
                Subscription(to: CheckoutCompletedWithLoya…CheckoutViewModel.swift:1042)
                  DidConsumeEvent → Logger
                """)
        #expect(
            bus.explain(Checkout(totalCents: 1)).lines == [
                "Logger does not receive it: no entry covers it",
                "Subscription(to: CheckoutC…CheckoutViewModel.swift:1042) receives it: it is a "
                    + "subscription to CheckoutCompleted…ledEvent",
            ])
        // The recipients are named whole.
        #expect(bus.explain(Checkout(totalCents: 1)).recipients == [Self.checkoutSubscription])
        #expect(
            logger.events.map { "\($0)" } == [
                "DidConsumeEvent(consumer: Subscription(to: Checkout…CheckoutViewModel.swift:1042), "
                    + "event: CheckoutCompletedWithLoya […])"
            ])
        withExtendedLifetime(token) {}
    }

    @Test func aThirtyDeepFeedbackChainShowsItsDepthInsteadOfIndenting() {
        let bus = EventBus()
        let trace = bus.startTracing()
        let echo = bus.subscribe(to: Num.self, fileID: "App/Echo.swift", line: 7) { number in
            if number.value < 30 {
                bus.dispatch(Num(number.value + 1), fileID: "App/Echo.swift", line: 8)
            }
        }
        bus.dispatch(Num(1), fileID: "App/Main.swift", line: 1)
        let tree = trace.tree.split(separator: "\n").map(String.init)
        #expect(tree.count == 30)
        #expect(tree.allSatisfy { $0.count <= 120 })
        let echo7 = "Subscription(to: Num, at: App/Echo.swift:7)"
        #expect(
            Array(tree[0..<3]) == [
                "1. 1 at App/Main.swift:1 → \(echo7)",
                "└─ 2. 2 from Subscription(to: Num, at: …Echo.swift:7) at App/Echo.swift:8 → \(echo7)",
                "   └─ 3. 3 from Subscription(to: Num, at: …Echo.swift:7) at App/Echo.swift:8 → "
                    + "Subscription(to: Num, at: …Echo.swift:7)",
            ])
        // Depth 8 is the deepest indentation; deeper lines stay in its column and say their
        // depth.
        let column = String(repeating: " ", count: 21) + "└─ "
        #expect(
            Array(tree[8..<11]) == [
                column + "9. 9 from Subscription(to: …Echo.swift:7) at App/Echo.swift:8 → "
                    + "Subscription(to: N…Echo.swift:7)",
                column + "[depth 9] 10. 10 from Subscriptio…Echo.swift:7) at App/Echo.swift:8 → "
                    + "Subscription…Echo.swift:7)",
                column + "[depth 10] 11. 11 from Subscriptio…Echo.swift:7) at App/Echo.swift:8 → "
                    + "Subscriptio…Echo.swift:7)",
            ])
        #expect(
            tree.last
                == column
                + "[depth 29] 30. 30 from Subscriptio…Echo.swift:7) at App/Echo.swift:8 → "
                + "Subscriptio…Echo.swift:7)")
        withExtendedLifetime(echo) {}
    }

    @Test func anAnnouncementDescribesItselfInOneLineOf120AtMost() {
        let subscription = NamedConsumer(Self.checkoutSubscription)
        let did = DidConsumeEvent(consumer: subscription, event: Checkout(totalCents: 13800))
        #expect(
            "\(did)"
                == "DidConsumeEvent(consumer: Subscription(to: Checkout…CheckoutViewModel.swift:1042), "
                + "event: CheckoutCompletedWithLoya […])")
        #expect(
            "\(DidConsumeEvent(consumer: NamedConsumer("Logger"), event: Num(1)))"
                == "DidConsumeEvent(consumer: Logger, event: 1)")
        #expect(
            "\(NoConsumerEvent(event: Checkout(totalCents: 13800)))"
                == "NoConsumerEvent(event: CheckoutCompletedWithLoyaltyDiscountAppliedAndReceiptEmailed"
                + "Event(totalCents: 13800))")
        #expect(
            "\(DroppedEvent(stream: subscription, event: Num(1)))"
                == "DroppedEvent(stream: Subscription(to: CheckoutCompletedWi…, at: "
                + "CheckoutFeature/CheckoutViewModel.swift:1042), event: 1)")
        let failed = ConsumerFailedEvent(
            consumer: subscription, event: Checkout(totalCents: 13800),
            error: PaymentGatewayRejectedTheCardBecauseTheIssuerDeclinedIt(code: 1380))
        #expect(
            "\(failed)"
                == "ConsumerFailedEvent(consumer: Subscriptio…CheckoutViewModel.swift:1042), "
                + "event: CheckoutCom […], error: PaymentGate […])")
    }
}
