import Testing

@testable import actor_service

@Suite struct ActorServiceTests {
    @Test func anOrdersEventsAreDeliveredBeforeItsCallReturns() async {
        let service = OrderService(stock: ["lamp": 1])
        #expect(await service.place(Order(id: 1, item: "lamp", quantity: 1)) == .accepted)
        #expect(
            await service.place(Order(id: 2, item: "lamp", quantity: 1))
                == .rejected("no lamp in stock"))
        #expect(await service.stockReport() == "lamp 0")
        #expect(await service.outcomeCount() == 2)
    }

    @Test func badQuantitiesAreRejectedNotCrashed() async {
        let service = OrderService(stock: ["lamp": 2])
        #expect(
            await service.place(Order(id: 1, item: "lamp", quantity: -1))
                == .rejected("quantity must be positive"))
        #expect(
            await service.place(Order(id: 2, item: "lamp", quantity: 3))
                == .rejected("only 2 lamp left"))
    }

    @Test func concurrentClientsEachGetTheirOwnReceipt() async {
        let service = OrderService(stock: ["lamp": 50])
        let receipts = await withTaskGroup(of: Receipt.self) { group in
            for id in 1...50 {
                group.addTask { await service.place(Order(id: id, item: "lamp", quantity: 1)) }
            }
            var receipts: [Receipt] = []
            for await receipt in group { receipts.append(receipt) }
            return receipts
        }
        #expect(receipts == Array(repeating: .accepted, count: 50))
        #expect(await service.stockReport() == "lamp 0")
    }

    @Test func theTranscriptIsDeterministic() async {
        #expect(
            await ActorService.transcript() == [
                "OrderService is an actor that owns an EventBus and its consumers.",
                "3 clients ordered at once; the actor served them one at a time:",
                "  #1 lamp x1 -> accepted",
                "  #2 lamp x1 -> accepted",
                "  #3 chair x1 -> accepted",
                "then, one after the other:",
                "  #4 lamp x5 -> rejected: only 1 lamp left",
                "  #5 desk x1 -> rejected: no desk in stock",
                "  #6 lamp x0 -> rejected: quantity must be positive",
                "stock left: chair 0, lamp 1",
                "outcomes recorded: 6",
            ])
    }
}
