"""Session 54: a Yokai Watch hand holding two Almighty for one set did not win, and the reason said only that the
tiles make no yaku; a family could not tell why. The reason now names the cap (``max_almighty``) where the hand
holds more Almighty than one group may."""
import scorer

HAND = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-20", "almighty", "almighty"]


def test_two_almighty_for_one_set_are_said_in_the_reason():
    result = scorer.score("yokai-watch", HAND, riichi=True)
    assert not result.winning
    assert result.reason.endswith("; at most 1 Almighty in one set"), result.reason
    assert result.reason_ja.endswith("。オールマイティは1つのセットに1枚までです"), result.reason_ja


def test_no_cap_is_said_where_the_hand_holds_no_more_than_one_group_may():
    result = scorer.score("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-20", "yokai-21", "almighty"],
                          riichi=True)
    assert not result.winning and "Almighty" not in result.reason


def test_a_game_whose_almighty_fills_any_group_says_no_cap():
    hand = ["shimamura-uzuki", "shibuya-rin", "honda-mio", "totoki-airi", "kanzaki-ranko", "takagaki-kaede",
            "abe-nana", "almighty-cool", "almighty-passion"]
    result = scorer.score("cinderella-neo", hand, riichi=True)
    assert "at most" not in result.reason
