import GatherModel
import Testing

/// Clients switch on reasons, so they are part of the contract.
@Suite struct GatherErrorTests {
  @Test func reasonsAreStable() {
    #expect(GatherError.noActiveGather.reason == "no_active_gather")
    #expect(GatherError.gatherAlreadyActive.reason == "gather_already_active")
    #expect(GatherError.gatherNotFound(3).reason == "gather_not_found")
    #expect(GatherError.playerNotFound(3).reason == "player_not_found")
    #expect(GatherError.playerInActiveGather("Ana").reason == "player_in_active_gather")
    #expect(GatherError.invalidTransition("x").reason == "invalid_transition")
    #expect(GatherError.validation("age", "x").reason == "validation")
    #expect(GatherError.validation("age", "x").field == "age")
  }

  @Test func messagesAreSentencesThatNameWhatIsWrong() {
    #expect(GatherError.playerNotFound(42).message == "There is no player with id 42.")
    #expect(GatherError.playerInActiveGather("Ana").message.hasPrefix("Ana plays in the active gather"))
    #expect(GatherError.noActiveGather.message.hasSuffix("."))
  }

  @Test func errorsAreClassifiedForTheProtocol() {
    #expect(GatherError.validation("name", "x").isValidation)
    #expect(GatherError.playerNotFound(1).isNotFound)
    #expect(GatherError.gatherNotFound(1).isNotFound)
    #expect(!GatherError.noActiveGather.isNotFound)
    #expect(!GatherError.invalidTransition("x").isValidation)
  }
}
