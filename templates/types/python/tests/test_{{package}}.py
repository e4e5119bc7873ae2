import {{package}}


def test_version_is_set() -> None:
    assert {{package}}.__version__ == "0.1.0"
