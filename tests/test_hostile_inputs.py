"""Failures found by the hostile-input and fault review (issue 15), one test each; the
failures fixed by earlier work point to their tests in the closing note."""
import pytest

from helpers import world_content

from thinkingbox.testing import call_tool, load_domain, new_world


@pytest.fixture(scope="module")
def booking():
    return load_domain("booking")


@pytest.mark.parametrize("fee", ["inf", "-inf", "nan", "Infinity", float("inf"), float("nan")])
def test_a_non_finite_number_is_a_clear_tool_error_that_changes_nothing(booking, fee):  # F8
    world = new_world(booking)
    try:
        before = world.to_bytes()
        result = call_tool(booking, world, "add_special_request", booking_reference="HB-100001", kind="other",
                           detail="late arrival", fee=fee)
        assert result.is_error
        assert "fee must be a finite number" in result.text and "internal error" not in result.text
        assert world.to_bytes() == before
    finally:
        world.close()


def test_a_tool_never_runs_with_a_non_finite_argument_anywhere_in_it():  # F8, for every tool
    from thinkingbox import ToolError, write_tool
    from thinkingbox.tools import invoke, tool_spec

    ran = []

    @write_tool
    def set_ratio(world, ratio: float, weights: dict[str, list[float]]) -> dict:
        """Set a ratio."""
        ran.append(ratio)
        return {}

    for ratio, weights in [(float("inf"), {}), (0.5, {"a": [1.0, float("nan")]})]:
        with pytest.raises(ToolError, match=r"argument (ratio|weights\.a\[1\]) must be a finite number"):
            invoke(tool_spec(set_ratio), None, {"ratio": ratio, "weights": weights})
    assert ran == []


def test_call_tool_passes_arguments_named_domain_world_or_tool_to_the_tool(booking):  # found by test_properties
    world = new_world(booking)
    try:
        plain = call_tool(booking, world, "get_booking", booking_reference="HB-100001")
        named = call_tool(booking, world, "get_booking", booking_reference="HB-100001", domain=1, world=2, tool=3)
        assert named == plain and not plain.is_error
    finally:
        world.close()


@pytest.mark.parametrize("value", [{"a": 1}, ["U-1001"], 10**30, True])
@pytest.mark.parametrize("table, field", [("tickets", "requester_id"), ("users", "organization_id"),
                                          ("comments", "ticket_id")])
def test_a_reference_that_cannot_be_an_id_is_a_clear_tool_error(table, field, value):  # found by test_properties
    retail = load_domain("retail")
    world = new_world(retail)
    try:
        before = world_content(world)
        item = {"tickets": {"requester_id": "U-1001", "subject": "s"}, "users": {"name": "n", "email": "n@x.example"},
                "comments": {"ticket_id": "TCK-1001", "body": "b"}}[table]
        result = call_tool(retail, world, "helpdesk_create_item", table=table, item={**item, field: value})
        assert result.is_error and "internal error" not in result.text, result.text
        assert field in result.text
        assert world_content(world) == before
        if table != "comments":
            result = call_tool(retail, world, "helpdesk_update_item", table=table, id="U-1001" if table == "users"
                               else "TCK-1001", item={field: value})
            assert result.is_error and "internal error" not in result.text and field in result.text, result.text
    finally:
        world.close()


@pytest.mark.parametrize("args", [{"adults": 10**30}, {"children": 2**63}, {"adults": -(2**63) - 1}])
def test_an_integer_past_64_bits_is_a_clear_tool_error_that_changes_nothing(booking, args):  # found by test_properties
    world = new_world(booking)
    try:
        before = world_content(world)
        result = call_tool(booking, world, "modify_booking", booking_reference="HB-100001", **args)
        assert result.is_error and "internal error" not in result.text, result.text
        assert f"argument {next(iter(args))} is out of range" in result.text
        assert world_content(world) == before
    finally:
        world.close()
