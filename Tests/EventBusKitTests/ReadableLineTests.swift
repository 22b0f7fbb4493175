import Testing

@testable import EventBusKit

/// Contract §16.4: wherever a line shows a recipient or an event, a shortened name keeps its
/// call site, a cut value is marked so the mark cannot be read as part of it, no line is
/// longer than 120 characters, and nesting deeper than 8 is shown as a depth marker.
/// A short event type, for the names of contract §17.7's finding.
struct Tick: Event, Sendable {}

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
        // A little too long: the call site's module folder goes first.
        (
            "Subscription(to: ItemAdded, at: CartApp/CartModel.swift:42)", 57,
            "Subscription(to: ItemAdded, at: …CartModel.swift:42)"
        ),
        // Then the type it listens to, in the middle.
        (
            "Subscription(to: ItemAdded, at: CartApp/CartModel.swift:42)", 48,
            "Subscription(to: Ite…d, at: …CartModel.swift:42)"
        ),
        // Its attributes stay: `once` is never cut before the module folder.
        (
            "Subscription(to: Tick, once, at: FormsTests/DescribeTests.swift:51)", 60,
            "Subscription(to: Tick, once, at: …DescribeTests.swift:51)"
        ),
        (
            "Subscription(to: CheckoutCompleted, limit 3, filtered, at: Shop/Cart.swift:12)", 50,
            "Sub…pleted, limit 3, filtered, at: …Cart.swift:12)"
        ),
        // An option's word is an attribute whatever it is.
        (
            "Subscription(to: CheckoutCompleted, skip 2, at: Shop/Cart.swift:12)", 40,
            "Subs…pleted, skip 2, at: …Cart.swift:12)"
        ),
        // A stream's buffering policy is cut at its end, as a value is.
        (
            "events(of: CheckoutCompleted, bufferingPolicy: bufferingNewest(1), "
                + "at: Shop/Cart.swift:12)", 52,
            "events(of: Ch…d, bufferingP […], at: …Cart.swift:12)"
        ),
        (
            "next(CheckoutCompleted, filtered, at: Shop/Cart.swift:12)", 40,
            "next(Ch…d, filtered, at: …Cart.swift:12)"
        ),
        // A name given with `.named`, and an owner's type, are cut in the middle too.
        (
            "ledger of the checkout (events, once, at: App/Cart.swift:12, owner: CartModel)",
            60, "ledge…ut (events, once, at: …Cart.swift:12, owner: CartM…el)"
        ),
        // Only when the rest alone is too long is the file's name cut, in its middle.
        (
            "Subscription(to: Tick, limit 3, filtered, at: App/CheckoutConfirmationView.swift:51)",
            50, "S…ck, limit 3, filtered, at: Checkou…iew.swift:51)"
        ),
        // A call site alone loses its module, then the middle of its file's name.
        ("PrizeApp/ScreenController.swift:59", 30, "…ScreenController.swift:59"),
        ("PrizeApp/ScreenController.swift:59", 20, "ScreenC…ler.swift:59"),
        // Any other name: the first two thirds and the last third.
        (
            "VeryLongModuleName.SomeGenericType<AnotherVeryLongTypeName, YetAnotherOne>", 40,
            "VeryLongModuleName.SomeGen…etAnotherOne>"
        ),
    ])
    func aNameLosesItsModuleThenItsTypesMiddleAndKeepsItsAttributesAndCallSite(
        name: String, width: Int, shown: String
    ) {
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
        // Too little room even for one name: its shortest cut, and how many more.
        #expect(cutNames(four, to: 10) == "Re…l and 3 more")
        #expect(
            cutNames(["Prize", "Subscription(to: ClaimEvent, at: App/Prize.swift:40)"], to: 40)
                == "Prize, Subs…mEvent, at: …Prize.swift:40)")
    }

    /// A line that fits is shown whole without being split into pieces, so every kind of name
    /// must split into pieces that join to the name itself, as a cut line's uncut pieces show.
    @Test(arguments: [
        "Subscription(to: ItemAdded, at: CartApp/CartModel.swift:42)",
        "Subscription(to: CheckoutCompleted, limit 3, filtered, at: Shop/Cart.swift:12)",
        "Subscription(to: Tick, at: App/Model.swift:7, owner: CartModel)",
        "events(of: Tick, bufferingPolicy: bufferingNewest(1), at: Shop/Cart.swift:12)",
        "next(CheckoutCompleted, filtered, at: Shop/Cart.swift:12)",
        "CartApp/CartModel.swift:42", "Cart.swift:1", "Analytics \"main\"",
        "VeryLongModuleName.SomeGenericType<AnotherVeryLongTypeName, YetAnotherOne>",
        "Subscription(to: Tick, at: )", "x)", ")", "",
    ])
    func everyNamesPiecesJoinToTheName(_ name: String) {
        #expect(namePieces(name).map(\.whole).joined() == name)
        let line: ReadableLine = "a \(name: name) b \(names: [name]) \(site: name, line: 3)"
        #expect(line.fitted(to: line.description.count) == line.description)
        #expect(line.fitted(to: .max) == line.description)
    }

    /// App text on a line that fits reads its line breaks as spaces, as a cut line's does.
    @Test func aLineThatFitsReadsTheAppsLineBreaksAsSpaces() {
        let line: ReadableLine =
            "dispatch(\(name: "Two\nLines")): \(value: "a\r\nb") \(fix: "x\ny")"
        #expect(line.fitted(to: 40) == "dispatch(Two Lines): a b x\ny")
        // Every character Swift calls a line break; and characters whose UTF-8 shares a byte
        // with one (U+00A8 ends in 0xA8, as U+2028 does) stay.
        let breaks = ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        for lineBreak in breaks {
            let value: ReadableLine = "\(value: "a\(lineBreak)b¨é…")"
            #expect(value.fitted() == "a b¨é…", "U+\(lineBreak.unicodeScalars.first!.value)")
        }
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
        // The call site loses its module folder; then each cut part keeps what it must, and
        // they share the rest of the room equally; the words stay.
        #expect(
            line.fitted(to: 80)
                == "Checkout(items: […] from Subscript…Checkout, at: …Cart.swift:42) → Audit, Ledger"
        )
        #expect(
            line.fitted(to: 60) == "Check […] from Sub…kout, at: …Cart.swift:42) → Audit, Ledger")
        // Line breaks in app text read as spaces.
        #expect(
            ("\(value: "two\nlines") and \(name: "a\r\nb")" as ReadableLine).fitted()
                == "two lines and a b")
    }

    /// A line, a width, and what the line shows in it.
    struct Cut: Sendable, CustomTestStringConvertible {
        let step: String
        let line: ReadableLine
        let width: Int
        let shown: String
        var testDescription: String { step }
    }

    /// A rejected dispatch's report, narrower and narrower: each step cuts one more kind of
    /// part (contract §17.7).
    static let refusal: ReadableLine =
        "dispatch(\(name: "CheckoutCompletedEvent")) at "
        + "\(site: "Shop/CheckoutConfirmationView.swift", line: 42): queue full; "
        + "\(fix: "raise maximumQueuedDispatches")"

    static let cuts = [
        Cut(
            step: "whole", line: refusal, width: 120,
            shown: "dispatch(CheckoutCompletedEvent) at Shop/CheckoutConfirmationView.swift:42: "
                + "queue full; raise maximumQueuedDispatches"),
        Cut(
            step: "the module folder goes first", line: refusal, width: 114,
            shown: "dispatch(CheckoutCompletedEvent) at …CheckoutConfirmationView.swift:42: queue "
                + "full; raise maximumQueuedDispatches"),
        Cut(
            step: "then the middle of the type", line: refusal, width: 104,
            shown: "dispatch(Checkout…vent) at …CheckoutConfirmationView.swift:42: queue full; "
                + "raise maximumQueuedDispatches"),
        Cut(
            step: "then the middle of the file's name", line: refusal, width: 79,
            shown: "dispatch(Ch…t) at Checko…ew.swift:42: queue full; raise maximumQueuedDispatches"
        ),
        Cut(
            step: "then the words before the fix", line: refusal, width: 64,
            shown: "dispatch(Ch…t) at C….swift:42 […]; raise maximumQueuedDispatches"),
        Cut(
            step: "a value is cut at its end, after the module folders",
            line: "\(value: "Checkout(items: 3, totalCents: 13800)") at "
                + "\(site: "Shop/Cart.swift", line: 42) → \(names: ["Audit", "Ledger"])",
            width: 60, shown: "Checkout(items: 3, […] at …Cart.swift:42 → Audit, Ledger"),
        Cut(
            step: "a recipient in a list of one is cut as a name",
            line: "1. \(value: "tap") at \(site: "App/Screen.swift", line: 20) → "
                + "\(names: ["Subscription(to: Tick, once, at: FormsTests/DescribeTests.swift:51)"])",
            width: 80,
            shown:
                "1. tap at …Screen.swift:20 → Subscripti…Tick, once, at: …DescribeTests.swift:51)"
        ),
        // The printed wait of a post, with a file name of 30 characters: its fix stays whole.
        Cut(
            step: "a fix is kept whole",
            line: "\(problemPrefix)post(_:) at "
                + "\(site: "CheckoutFeature/CheckoutConfirmationView.swift", line: 42) waits for "
                + "the bus's owner; "
                + "\(fix: "make the poster on the bus's actor, or call deliverPosted()")",
            width: 120,
            shown: "EventBusKit: post(_:) at C….swift:42 waits for the […]; make the poster on the "
                + "bus's actor, or call deliverPosted()"),
    ]

    @Test(arguments: cuts)
    func aLineLosesItsLeastInformativePartFirst(_ cut: Cut) {
        #expect(cut.line.fitted(to: cut.width) == cut.shown)
        #expect(cut.shown.count <= cut.width)
    }

    @Test func anExplainedOneShotSubscriptionKeepsOnceAndLosesItsModuleFolder() {
        let bus = EventBus()
        let token = bus.subscribe(
            to: Tick.self, options: .once, where: { _ in true },
            fileID: "FormsTests/DescribeTests.swift", line: 51
        ) { _ in }
        // 147 characters whole; 137 without the module folder: then the type part is cut.
        #expect(
            bus.explain(Tick()).lines == [
                "S…ck, once, filtered, at: …DescribeTests.swift:51) receives it if its predicate "
                    + "accepts it: it is a subscription to Tick"
            ])
        withExtendedLifetime(token) {}
    }

    /// An owner for an owner-bound subscription's name.
    final class FormModel {}

    @Test func everyNameTheBusGivesAClosureRecipientIsCutInItsPieces() {
        let bus = EventBus()
        let file = "FormsTests/DescribeTests.swift"
        let owner = FormModel()
        let tokens = [
            bus.subscribe(to: Tick.self, fileID: file, line: 1) { _ in },
            bus.subscribe(to: Tick.self, options: .once, fileID: file, line: 2) { _ in },
            bus.subscribe(
                to: Tick.self, options: .limit(3), where: { _ in true }, fileID: file, line: 3
            ) { _ in },
            bus.subscribe(to: Tick.self, owner: owner, fileID: file, line: 4) { _, _ in },
            bus.subscribe(
                to: Tick.self, options: [.named("ledger of the form"), .once], fileID: file,
                line: 5
            ) { _ in },
        ]
        let streams = [
            bus.events(
                of: Tick.self, bufferingPolicy: .bufferingNewest(1), fileID: file, line: 6),
            bus.events(of: Tick.self, options: .named("form feed"), fileID: file, line: 7),
        ]
        let names = bus.explain(Tick()).recipients
        let expected: [String] = [
            "Subscription(to: Tick, at: \(file):1)",
            "Subscription(to: Tick, once, at: \(file):2)",
            "Subscription(to: Tick, limit 3, filtered, at: \(file):3)",
            "Subscription(to: Tick, at: \(file):4, owner: FormModel)",
            "ledger of the form (once, at: \(file):5)",
            "events(of: Tick, bufferingPolicy: bufferingNewest(1), at: \(file):6)",
            "form feed (events, at: \(file):7)",
        ]
        #expect(names == expected)
        for (index, name) in names.enumerated() {
            let pieces = namePieces(name)
            #expect(pieces.map(\.whole).joined() == name)
            let sites = pieces.compactMap {
                if case .site(let site) = $0 { site.whole } else { nil }
            }
            #expect(sites == ["\(file):\(index + 1)"])
            // Cut as far as it goes, it keeps its attributes and `File.swift:LINE`.
            let cut = cutName(name, to: 0)
            #expect(cut.contains("DescribeTests.swift:\(index + 1)") == false)
            #expect(cut.contains(".swift:\(index + 1)"))
            for attribute in ["once", "limit 3", "filtered", "events"]
            where name.contains(attribute + ",") || name.contains("(" + attribute) {
                #expect(cut.contains(attribute), "\(cut)")
            }
        }
        withExtendedLifetime((tokens, streams, owner)) {}
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
            + logger.received.map { "\($0)" }
        #expect(lines.allSatisfy { $0.count <= 120 })
        #expect(
            trace.tree == """
                1. CheckoutCompletedWithL […] at …CheckoutScreen.swift:88 → \
                Subscription(to: Chec…nt, at: …CheckoutViewModel.swift:1042)
                └─ 2. DidConsumeEvent of pass 1 from \
                Subscription(to: CheckoutComple…dEvent, at: …CheckoutViewModel.swift:1042) → Logger

                """)
        #expect(
            trace.records.map(\.description) == [
                "1. CheckoutCompletedWithLoyaltyDiscount […] → "
                    + "Subscription(to: CheckoutComple…dEvent, at: …CheckoutViewModel.swift:1042)",
                "2. DidConsumeEvent( […] from "
                    + "Subscription(to: Checko…ent, at: …CheckoutViewModel.swift:1042) in "
                    + "pass 1 → Logger",
            ])
        #expect(
            trace.mermaid.contains(
                "participant P2 as Subs…edEvent, at: …CheckoutViewModel.swift:1042)\n"))
        // The lists go under a name too long to share a line with them.
        #expect(
            String(describing: bus) == """
                EventBus: 2 recipients
                  1. Logger  willConsume: [DidConsumeEvent]  excludeList: []
                  2. Subscription(to: CheckoutCompletedWithLoyaltyDiscountAppli…dReceiptEmailedEvent, \
                at: …CheckoutViewModel.swift:1042)
                     willConsume: [CheckoutCompletedWithLoyaltyDiscountAppliedAndReceiptEmailedEvent]  \
                excludeList: []
                routes built:
                  CheckoutCompletedWithLoyal…EmailedEvent → \
                Subscription(to: CheckoutComplet…edEvent, at: …CheckoutViewModel.swift:1042)
                  DidConsumeEvent → Logger
                """)
        #expect(
            bus.explain(Checkout(totalCents: 1)).lines == [
                "Logger does not receive it: no entry covers it",
                "Subscription(to: Chec…t, at: …CheckoutViewModel.swift:1042) receives it: it is a "
                    + "subscription to CheckoutComplet…edEvent",
            ])
        // The recipients are named whole.
        #expect(bus.explain(Checkout(totalCents: 1)).recipients == [Self.checkoutSubscription])
        #expect(
            logger.received.map { "\($0)" } == [
                "DidConsumeEvent(consumer: Subscription(to: Chec…t, at: …CheckoutViewModel.swift:1042), "
                    + "event: CheckoutCompletedWith […])"
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
        // Too long for the line: every call site loses its module folder first.
        let echo7Cut = "Subscription(to: Num, at: …Echo.swift:7)"
        let firstThree: [String] = [
            "1. 1 at App/Main.swift:1 → \(echo7)",
            "└─ 2. 2 from \(echo7Cut) at …Echo.swift:8 → \(echo7Cut)",
            "   └─ 3. 3 from \(echo7Cut) at …Echo.swift:8 → \(echo7Cut)",
        ]
        #expect(Array(tree[0..<3]) == firstThree)
        // Depth 8 is the deepest indentation; deeper lines stay in its column and say their
        // depth.
        let column = String(repeating: " ", count: 21) + "└─ "
        #expect(
            Array(tree[8..<11]) == [
                column + "9. 9 from Subscript…Num, at: …Echo.swift:7) at …Echo.swift:8 → "
                    + "Subscript…Num, at: …Echo.swift:7)",
                column + "[depth 9] 10. 10 from Sub…Num, at: …Echo.swift:7) at …Echo.swift:8 → "
                    + "Sub…Num, at: …Echo.swift:7)",
                column + "[depth 10] 11. 11 from Su…Num, at: …Echo.swift:7) at …Echo.swift:8 → "
                    + "Sub…Num, at: …Echo.swift:7)",
            ])
        #expect(
            tree.last
                == column
                + "[depth 29] 30. 30 from Su…Num, at: …Echo.swift:7) at …Echo.swift:8 → "
                + "Sub…Num, at: …Echo.swift:7)")
        withExtendedLifetime(echo) {}
    }

    @Test func anAnnouncementDescribesItselfInOneLineOf120AtMost() {
        let subscription = NamedConsumer(Self.checkoutSubscription)
        let did = DidConsumeEvent(consumer: subscription, event: Checkout(totalCents: 13800))
        #expect(
            "\(did)"
                == "DidConsumeEvent(consumer: Subscription(to: Chec…t, at: …CheckoutViewModel.swift:1042), "
                + "event: CheckoutCompletedWith […])")
        #expect(
            "\(DidConsumeEvent(consumer: NamedConsumer("Logger"), event: Num(1)))"
                == "DidConsumeEvent(consumer: Logger, event: 1)")
        #expect(
            "\(NoConsumerEvent(event: Checkout(totalCents: 13800)))"
                == "NoConsumerEvent(event: CheckoutCompletedWithLoyaltyDiscountAppliedAndReceiptEmailed"
                + "Event(totalCents: 13800))")
        #expect(
            "\(DroppedEvent(stream: subscription, event: Num(1)))"
                == "DroppedEvent(stream: Subscription(to: CheckoutCompletedWithLo…mailedEvent, at: "
                + "…CheckoutViewModel.swift:1042), event: 1)")
        let failed = ConsumerFailedEvent(
            consumer: subscription, event: Checkout(totalCents: 13800),
            error: PaymentGatewayRejectedTheCardBecauseTheIssuerDeclinedIt(code: 1380))
        #expect(
            "\(failed)"
                == "ConsumerFailedEvent(consumer: Subs…dEvent, at: …CheckoutViewModel.swift:1042), "
                + "event: Checkout […], error: PaymentG […])")
    }
}
