import EventBusKit

// Fifty distinct event types of each kind for the many-types scenarios, declared as an app
// declares its events: each type is its own routing key. `manyTypes(_:)` lists them with an
// instance and a subscription written with the concrete type, as a client writes it.

/// One event type of the many-types scenarios.
struct ManyTypesEntry {
    /// The type: the routing key.
    let type: any Event.Type
    /// An instance, made once, outside the timed loop.
    let event: any Event
    /// Subscribes a closure that counts on `consumer`: `bus.subscribe(to: Type.self) { … }`.
    let subscribe: (EventBus, CountingConsumer) -> EventSubscription
}

/// The kinds of event the many-types scenarios dispatch.
enum ManyTypesKind: String, CaseIterable {
    /// Final classes with an `Int` field.
    case finalClass = "class"
    /// Structs with an `Int` field (they fit the existential's inline buffer).
    case plainStruct = "struct"
    /// Structs with a `String` field (a reference-counted field to copy and destroy).
    case stringStruct = "string"
}

/// The first `count` (at most 50) event types of `kind`, each with an instance.
func manyTypes(_ kind: ManyTypesKind, count: Int) -> [ManyTypesEntry] {
    let entries: [ManyTypesEntry]
    switch kind {
    case .finalClass:
        entries = [
            ManyTypesEntry(type: ClassEvent00.self, event: ClassEvent00(value: 0)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent00.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent01.self, event: ClassEvent01(value: 1)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent01.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent02.self, event: ClassEvent02(value: 2)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent02.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent03.self, event: ClassEvent03(value: 3)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent03.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent04.self, event: ClassEvent04(value: 4)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent04.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent05.self, event: ClassEvent05(value: 5)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent05.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent06.self, event: ClassEvent06(value: 6)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent06.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent07.self, event: ClassEvent07(value: 7)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent07.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent08.self, event: ClassEvent08(value: 8)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent08.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent09.self, event: ClassEvent09(value: 9)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent09.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent10.self, event: ClassEvent10(value: 10)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent10.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent11.self, event: ClassEvent11(value: 11)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent11.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent12.self, event: ClassEvent12(value: 12)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent12.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent13.self, event: ClassEvent13(value: 13)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent13.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent14.self, event: ClassEvent14(value: 14)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent14.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent15.self, event: ClassEvent15(value: 15)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent15.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent16.self, event: ClassEvent16(value: 16)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent16.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent17.self, event: ClassEvent17(value: 17)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent17.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent18.self, event: ClassEvent18(value: 18)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent18.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent19.self, event: ClassEvent19(value: 19)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent19.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent20.self, event: ClassEvent20(value: 20)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent20.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent21.self, event: ClassEvent21(value: 21)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent21.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent22.self, event: ClassEvent22(value: 22)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent22.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent23.self, event: ClassEvent23(value: 23)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent23.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent24.self, event: ClassEvent24(value: 24)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent24.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent25.self, event: ClassEvent25(value: 25)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent25.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent26.self, event: ClassEvent26(value: 26)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent26.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent27.self, event: ClassEvent27(value: 27)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent27.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent28.self, event: ClassEvent28(value: 28)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent28.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent29.self, event: ClassEvent29(value: 29)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent29.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent30.self, event: ClassEvent30(value: 30)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent30.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent31.self, event: ClassEvent31(value: 31)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent31.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent32.self, event: ClassEvent32(value: 32)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent32.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent33.self, event: ClassEvent33(value: 33)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent33.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent34.self, event: ClassEvent34(value: 34)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent34.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent35.self, event: ClassEvent35(value: 35)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent35.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent36.self, event: ClassEvent36(value: 36)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent36.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent37.self, event: ClassEvent37(value: 37)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent37.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent38.self, event: ClassEvent38(value: 38)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent38.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent39.self, event: ClassEvent39(value: 39)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent39.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent40.self, event: ClassEvent40(value: 40)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent40.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent41.self, event: ClassEvent41(value: 41)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent41.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent42.self, event: ClassEvent42(value: 42)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent42.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent43.self, event: ClassEvent43(value: 43)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent43.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent44.self, event: ClassEvent44(value: 44)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent44.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent45.self, event: ClassEvent45(value: 45)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent45.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent46.self, event: ClassEvent46(value: 46)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent46.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent47.self, event: ClassEvent47(value: 47)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent47.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent48.self, event: ClassEvent48(value: 48)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent48.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: ClassEvent49.self, event: ClassEvent49(value: 49)) {
                bus, consumer in
                bus.subscribe(to: ClassEvent49.self) { _ in consumer.hit() }
            },
        ]
    case .plainStruct:
        entries = [
            ManyTypesEntry(type: StructEvent00.self, event: StructEvent00(value: 0)) {
                bus, consumer in
                bus.subscribe(to: StructEvent00.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent01.self, event: StructEvent01(value: 1)) {
                bus, consumer in
                bus.subscribe(to: StructEvent01.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent02.self, event: StructEvent02(value: 2)) {
                bus, consumer in
                bus.subscribe(to: StructEvent02.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent03.self, event: StructEvent03(value: 3)) {
                bus, consumer in
                bus.subscribe(to: StructEvent03.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent04.self, event: StructEvent04(value: 4)) {
                bus, consumer in
                bus.subscribe(to: StructEvent04.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent05.self, event: StructEvent05(value: 5)) {
                bus, consumer in
                bus.subscribe(to: StructEvent05.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent06.self, event: StructEvent06(value: 6)) {
                bus, consumer in
                bus.subscribe(to: StructEvent06.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent07.self, event: StructEvent07(value: 7)) {
                bus, consumer in
                bus.subscribe(to: StructEvent07.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent08.self, event: StructEvent08(value: 8)) {
                bus, consumer in
                bus.subscribe(to: StructEvent08.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent09.self, event: StructEvent09(value: 9)) {
                bus, consumer in
                bus.subscribe(to: StructEvent09.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent10.self, event: StructEvent10(value: 10)) {
                bus, consumer in
                bus.subscribe(to: StructEvent10.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent11.self, event: StructEvent11(value: 11)) {
                bus, consumer in
                bus.subscribe(to: StructEvent11.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent12.self, event: StructEvent12(value: 12)) {
                bus, consumer in
                bus.subscribe(to: StructEvent12.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent13.self, event: StructEvent13(value: 13)) {
                bus, consumer in
                bus.subscribe(to: StructEvent13.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent14.self, event: StructEvent14(value: 14)) {
                bus, consumer in
                bus.subscribe(to: StructEvent14.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent15.self, event: StructEvent15(value: 15)) {
                bus, consumer in
                bus.subscribe(to: StructEvent15.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent16.self, event: StructEvent16(value: 16)) {
                bus, consumer in
                bus.subscribe(to: StructEvent16.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent17.self, event: StructEvent17(value: 17)) {
                bus, consumer in
                bus.subscribe(to: StructEvent17.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent18.self, event: StructEvent18(value: 18)) {
                bus, consumer in
                bus.subscribe(to: StructEvent18.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent19.self, event: StructEvent19(value: 19)) {
                bus, consumer in
                bus.subscribe(to: StructEvent19.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent20.self, event: StructEvent20(value: 20)) {
                bus, consumer in
                bus.subscribe(to: StructEvent20.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent21.self, event: StructEvent21(value: 21)) {
                bus, consumer in
                bus.subscribe(to: StructEvent21.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent22.self, event: StructEvent22(value: 22)) {
                bus, consumer in
                bus.subscribe(to: StructEvent22.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent23.self, event: StructEvent23(value: 23)) {
                bus, consumer in
                bus.subscribe(to: StructEvent23.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent24.self, event: StructEvent24(value: 24)) {
                bus, consumer in
                bus.subscribe(to: StructEvent24.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent25.self, event: StructEvent25(value: 25)) {
                bus, consumer in
                bus.subscribe(to: StructEvent25.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent26.self, event: StructEvent26(value: 26)) {
                bus, consumer in
                bus.subscribe(to: StructEvent26.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent27.self, event: StructEvent27(value: 27)) {
                bus, consumer in
                bus.subscribe(to: StructEvent27.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent28.self, event: StructEvent28(value: 28)) {
                bus, consumer in
                bus.subscribe(to: StructEvent28.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent29.self, event: StructEvent29(value: 29)) {
                bus, consumer in
                bus.subscribe(to: StructEvent29.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent30.self, event: StructEvent30(value: 30)) {
                bus, consumer in
                bus.subscribe(to: StructEvent30.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent31.self, event: StructEvent31(value: 31)) {
                bus, consumer in
                bus.subscribe(to: StructEvent31.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent32.self, event: StructEvent32(value: 32)) {
                bus, consumer in
                bus.subscribe(to: StructEvent32.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent33.self, event: StructEvent33(value: 33)) {
                bus, consumer in
                bus.subscribe(to: StructEvent33.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent34.self, event: StructEvent34(value: 34)) {
                bus, consumer in
                bus.subscribe(to: StructEvent34.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent35.self, event: StructEvent35(value: 35)) {
                bus, consumer in
                bus.subscribe(to: StructEvent35.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent36.self, event: StructEvent36(value: 36)) {
                bus, consumer in
                bus.subscribe(to: StructEvent36.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent37.self, event: StructEvent37(value: 37)) {
                bus, consumer in
                bus.subscribe(to: StructEvent37.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent38.self, event: StructEvent38(value: 38)) {
                bus, consumer in
                bus.subscribe(to: StructEvent38.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent39.self, event: StructEvent39(value: 39)) {
                bus, consumer in
                bus.subscribe(to: StructEvent39.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent40.self, event: StructEvent40(value: 40)) {
                bus, consumer in
                bus.subscribe(to: StructEvent40.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent41.self, event: StructEvent41(value: 41)) {
                bus, consumer in
                bus.subscribe(to: StructEvent41.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent42.self, event: StructEvent42(value: 42)) {
                bus, consumer in
                bus.subscribe(to: StructEvent42.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent43.self, event: StructEvent43(value: 43)) {
                bus, consumer in
                bus.subscribe(to: StructEvent43.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent44.self, event: StructEvent44(value: 44)) {
                bus, consumer in
                bus.subscribe(to: StructEvent44.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent45.self, event: StructEvent45(value: 45)) {
                bus, consumer in
                bus.subscribe(to: StructEvent45.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent46.self, event: StructEvent46(value: 46)) {
                bus, consumer in
                bus.subscribe(to: StructEvent46.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent47.self, event: StructEvent47(value: 47)) {
                bus, consumer in
                bus.subscribe(to: StructEvent47.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent48.self, event: StructEvent48(value: 48)) {
                bus, consumer in
                bus.subscribe(to: StructEvent48.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StructEvent49.self, event: StructEvent49(value: 49)) {
                bus, consumer in
                bus.subscribe(to: StructEvent49.self) { _ in consumer.hit() }
            },
        ]
    case .stringStruct:
        entries = [
            ManyTypesEntry(type: StringEvent00.self, event: StringEvent00(name: "event 0")) {
                bus, consumer in
                bus.subscribe(to: StringEvent00.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent01.self, event: StringEvent01(name: "event 1")) {
                bus, consumer in
                bus.subscribe(to: StringEvent01.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent02.self, event: StringEvent02(name: "event 2")) {
                bus, consumer in
                bus.subscribe(to: StringEvent02.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent03.self, event: StringEvent03(name: "event 3")) {
                bus, consumer in
                bus.subscribe(to: StringEvent03.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent04.self, event: StringEvent04(name: "event 4")) {
                bus, consumer in
                bus.subscribe(to: StringEvent04.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent05.self, event: StringEvent05(name: "event 5")) {
                bus, consumer in
                bus.subscribe(to: StringEvent05.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent06.self, event: StringEvent06(name: "event 6")) {
                bus, consumer in
                bus.subscribe(to: StringEvent06.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent07.self, event: StringEvent07(name: "event 7")) {
                bus, consumer in
                bus.subscribe(to: StringEvent07.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent08.self, event: StringEvent08(name: "event 8")) {
                bus, consumer in
                bus.subscribe(to: StringEvent08.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent09.self, event: StringEvent09(name: "event 9")) {
                bus, consumer in
                bus.subscribe(to: StringEvent09.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent10.self, event: StringEvent10(name: "event 10")) {
                bus, consumer in
                bus.subscribe(to: StringEvent10.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent11.self, event: StringEvent11(name: "event 11")) {
                bus, consumer in
                bus.subscribe(to: StringEvent11.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent12.self, event: StringEvent12(name: "event 12")) {
                bus, consumer in
                bus.subscribe(to: StringEvent12.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent13.self, event: StringEvent13(name: "event 13")) {
                bus, consumer in
                bus.subscribe(to: StringEvent13.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent14.self, event: StringEvent14(name: "event 14")) {
                bus, consumer in
                bus.subscribe(to: StringEvent14.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent15.self, event: StringEvent15(name: "event 15")) {
                bus, consumer in
                bus.subscribe(to: StringEvent15.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent16.self, event: StringEvent16(name: "event 16")) {
                bus, consumer in
                bus.subscribe(to: StringEvent16.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent17.self, event: StringEvent17(name: "event 17")) {
                bus, consumer in
                bus.subscribe(to: StringEvent17.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent18.self, event: StringEvent18(name: "event 18")) {
                bus, consumer in
                bus.subscribe(to: StringEvent18.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent19.self, event: StringEvent19(name: "event 19")) {
                bus, consumer in
                bus.subscribe(to: StringEvent19.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent20.self, event: StringEvent20(name: "event 20")) {
                bus, consumer in
                bus.subscribe(to: StringEvent20.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent21.self, event: StringEvent21(name: "event 21")) {
                bus, consumer in
                bus.subscribe(to: StringEvent21.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent22.self, event: StringEvent22(name: "event 22")) {
                bus, consumer in
                bus.subscribe(to: StringEvent22.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent23.self, event: StringEvent23(name: "event 23")) {
                bus, consumer in
                bus.subscribe(to: StringEvent23.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent24.self, event: StringEvent24(name: "event 24")) {
                bus, consumer in
                bus.subscribe(to: StringEvent24.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent25.self, event: StringEvent25(name: "event 25")) {
                bus, consumer in
                bus.subscribe(to: StringEvent25.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent26.self, event: StringEvent26(name: "event 26")) {
                bus, consumer in
                bus.subscribe(to: StringEvent26.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent27.self, event: StringEvent27(name: "event 27")) {
                bus, consumer in
                bus.subscribe(to: StringEvent27.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent28.self, event: StringEvent28(name: "event 28")) {
                bus, consumer in
                bus.subscribe(to: StringEvent28.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent29.self, event: StringEvent29(name: "event 29")) {
                bus, consumer in
                bus.subscribe(to: StringEvent29.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent30.self, event: StringEvent30(name: "event 30")) {
                bus, consumer in
                bus.subscribe(to: StringEvent30.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent31.self, event: StringEvent31(name: "event 31")) {
                bus, consumer in
                bus.subscribe(to: StringEvent31.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent32.self, event: StringEvent32(name: "event 32")) {
                bus, consumer in
                bus.subscribe(to: StringEvent32.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent33.self, event: StringEvent33(name: "event 33")) {
                bus, consumer in
                bus.subscribe(to: StringEvent33.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent34.self, event: StringEvent34(name: "event 34")) {
                bus, consumer in
                bus.subscribe(to: StringEvent34.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent35.self, event: StringEvent35(name: "event 35")) {
                bus, consumer in
                bus.subscribe(to: StringEvent35.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent36.self, event: StringEvent36(name: "event 36")) {
                bus, consumer in
                bus.subscribe(to: StringEvent36.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent37.self, event: StringEvent37(name: "event 37")) {
                bus, consumer in
                bus.subscribe(to: StringEvent37.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent38.self, event: StringEvent38(name: "event 38")) {
                bus, consumer in
                bus.subscribe(to: StringEvent38.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent39.self, event: StringEvent39(name: "event 39")) {
                bus, consumer in
                bus.subscribe(to: StringEvent39.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent40.self, event: StringEvent40(name: "event 40")) {
                bus, consumer in
                bus.subscribe(to: StringEvent40.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent41.self, event: StringEvent41(name: "event 41")) {
                bus, consumer in
                bus.subscribe(to: StringEvent41.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent42.self, event: StringEvent42(name: "event 42")) {
                bus, consumer in
                bus.subscribe(to: StringEvent42.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent43.self, event: StringEvent43(name: "event 43")) {
                bus, consumer in
                bus.subscribe(to: StringEvent43.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent44.self, event: StringEvent44(name: "event 44")) {
                bus, consumer in
                bus.subscribe(to: StringEvent44.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent45.self, event: StringEvent45(name: "event 45")) {
                bus, consumer in
                bus.subscribe(to: StringEvent45.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent46.self, event: StringEvent46(name: "event 46")) {
                bus, consumer in
                bus.subscribe(to: StringEvent46.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent47.self, event: StringEvent47(name: "event 47")) {
                bus, consumer in
                bus.subscribe(to: StringEvent47.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent48.self, event: StringEvent48(name: "event 48")) {
                bus, consumer in
                bus.subscribe(to: StringEvent48.self) { _ in consumer.hit() }
            },
            ManyTypesEntry(type: StringEvent49.self, event: StringEvent49(name: "event 49")) {
                bus, consumer in
                bus.subscribe(to: StringEvent49.self) { _ in consumer.hit() }
            },
        ]
    }
    return Array(entries.prefix(count))
}

// MARK: The types

/// A final class event of the many-types scenarios.
final class ClassEvent00: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent01: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent02: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent03: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent04: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent05: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent06: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent07: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent08: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent09: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent10: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent11: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent12: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent13: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent14: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent15: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent16: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent17: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent18: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent19: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent20: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent21: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent22: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent23: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent24: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent25: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent26: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent27: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent28: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent29: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent30: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent31: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent32: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent33: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent34: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent35: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent36: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent37: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent38: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent39: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent40: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent41: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent42: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent43: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent44: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent45: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent46: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent47: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent48: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A final class event of the many-types scenarios.
final class ClassEvent49: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A struct event of the many-types scenarios.
struct StructEvent00: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent01: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent02: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent03: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent04: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent05: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent06: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent07: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent08: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent09: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent10: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent11: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent12: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent13: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent14: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent15: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent16: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent17: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent18: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent19: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent20: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent21: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent22: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent23: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent24: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent25: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent26: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent27: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent28: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent29: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent30: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent31: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent32: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent33: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent34: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent35: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent36: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent37: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent38: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent39: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent40: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent41: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent42: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent43: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent44: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent45: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent46: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent47: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent48: Event { var value: Int }

/// A struct event of the many-types scenarios.
struct StructEvent49: Event { var value: Int }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent00: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent01: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent02: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent03: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent04: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent05: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent06: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent07: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent08: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent09: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent10: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent11: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent12: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent13: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent14: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent15: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent16: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent17: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent18: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent19: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent20: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent21: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent22: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent23: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent24: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent25: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent26: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent27: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent28: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent29: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent30: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent31: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent32: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent33: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent34: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent35: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent36: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent37: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent38: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent39: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent40: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent41: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent42: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent43: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent44: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent45: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent46: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent47: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent48: Event { var name: String }

/// A struct event with a `String` field, of the many-types scenarios.
struct StringEvent49: Event { var name: String }
