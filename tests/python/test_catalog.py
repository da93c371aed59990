"""presets, features and limits: what the engine ships and allows."""

import tetris_ai


def test_the_default_preset_is_shipped_and_plays():
    limits = tetris_ai.limits()
    names = [preset["name"] for preset in tetris_ai.presets()]
    assert limits["default_preset"] in names
    assert limits["width"] == {"min": 4, "max": 16}
    assert limits["height"] == {"min": 4, "max": 40}
    for name in names:
        tetris_ai.Game({"preset": name, "width": 6, "height": 8}).play(5)


def test_every_feature_a_preset_weighs_is_listed():
    features = {name for name, *_described in tetris_ai.features()}
    for preset in tetris_ai.presets():
        assert set(preset["weights"]) <= features, preset["name"]
