import EventBusKit
import PrizeApp
import Testing

@Suite struct AnalyticsTests {
    @Test func theMediatorSendsOneNumberedHitPerPageViewSubclassesIncluded() {
        let bus = EventBus()
        let sink = RecordingAnalyticsSink()
        bus.register(AnalyticsMediator(sink: sink))
        bus.dispatch(PageViewEvent(screen: .screenOne))
        bus.dispatch(UserRewardPageViewEvent(screen: .screenThree))
        bus.dispatch(NavigationEvent(destination: .screenTwo))
        #expect(
            sink.records == [
                AnalyticsRecord(sequence: 1, event: "page_view", screen: "screenOne"),
                AnalyticsRecord(sequence: 2, event: "reward_page_view", screen: "screenThree"),
            ])
    }

    @Test func aHitIsOneJSONObjectWithSortedKeys() {
        let record = AnalyticsRecord(sequence: 3, event: "reward_page_view", screen: "screenThree")
        #expect(
            JSONLinesAnalyticsSink.line(for: record)
                == #"{"event":"reward_page_view","screen":"screenThree","sequence":3}"#)
    }

    @Test func theJSONLinesSinkHoldsHitsUntilABatchIsFull() {
        let output = TextBuffer()
        let sink = JSONLinesAnalyticsSink(batchSize: 2, output: output)
        let records = (1...3).map {
            AnalyticsRecord(sequence: $0, event: "page_view", screen: "screenOne")
        }
        sink.record(records[0])
        #expect(output.lines == [])
        sink.record(records[1])
        #expect(output.lines == records[0...1].map(JSONLinesAnalyticsSink.line(for:)))
        sink.record(records[2])
        #expect(output.lines.count == 2)
        sink.flush()
        #expect(output.lines == records.map(JSONLinesAnalyticsSink.line(for:)))
    }

    @Test func flushingWithNothingHeldWritesNothing() {
        let output = TextBuffer()
        let sink = JSONLinesAnalyticsSink(output: output)
        sink.flush()
        #expect(output.text == "")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test @MainActor func swappingTheSinkChangesOnlyWhereTheHitsGo() {
        let recorded = RecordingAnalyticsSink()
        let written = TextBuffer()
        let apps = [
            PrizeApplication(analyticsSink: recorded, log: TextBuffer()),
            PrizeApplication(
                analyticsSink: JSONLinesAnalyticsSink(batchSize: 10, output: written),
                log: TextBuffer()),
        ]
        for app in apps {
            app.perform(.open(.screenThree))
            app.finish()
        }
        #expect(recorded.flushCount == 1)
        #expect(recorded.records.map(\.screen) == ["screenOne", "screenThree"])
        #expect(written.lines == recorded.records.map(JSONLinesAnalyticsSink.line(for:)))
    }
}
