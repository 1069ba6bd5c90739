"""The Ray executor's connection messages and its local instance's settings, without starting
Ray (the default tier; test_ray_auth.py runs them against a real head)."""
import os
import sys

import pytest

pytest.importorskip("thinkingbox_ray")
from thinkingbox_ray.executor import CLUSTER_SWITCH, captured_stderr, connection_error, local_instance  # noqa: E402

REFUSED = "[2026-12-01 W 1 1] gcs_client.cc:210: Failed to get cluster ID from GCS server: Unauthenticated: " \
          "RPC error: InvalidAuthToken: Authentication token is missing or incorrect"


def test_an_authentication_failure_is_one_line_saying_what_to_set():
    error = connection_error("10.0.0.5:6379", ConnectionError("Failed to connect to Ray cluster at 10.0.0.5:6379"),
                             [REFUSED] * 15)
    message = str(error)
    assert "\n" not in message and "InvalidAuthToken" not in message
    assert message.startswith("the Ray cluster at 10.0.0.5:6379 refused the connection: authentication failed")
    assert "RAY_AUTH_MODE=token" in message and "RAY_AUTH_TOKEN" in message and "docs/ray.md" in message


def test_another_connection_failure_is_one_line_with_rays_last_message():
    message = str(connection_error("10.0.0.5:6379", ConnectionError("Failed to connect\nto the cluster"),
                                   ["first", "rpc_client.h:153: Failed to connect to GCS at 10.0.0.5:6379", ""]))
    assert message == ("cannot connect to the Ray cluster at 10.0.0.5:6379: ConnectionError: Failed to connect "
                       "(Ray said: rpc_client.h:153: Failed to connect to GCS at 10.0.0.5:6379)")


def test_what_reaches_file_descriptor_2_is_kept_back(capfd):
    with captured_stderr() as output:
        os.write(2, b"a C++ warning\nanother\n")
    print("after", file=sys.stderr)
    assert output == ["a C++ warning", "another"]
    assert capfd.readouterr().err == "after\n"


@pytest.mark.parametrize("mode", [None, "token", "disabled"])
def test_the_local_instance_settings_are_restored(monkeypatch, mode):
    for name in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH", CLUSTER_SWITCH):
        monkeypatch.delenv(name, raising=False)
    if mode:
        monkeypatch.setenv("RAY_AUTH_MODE", mode)
    monkeypatch.setenv("RAY_AUTH_TOKEN_PATH", "/somewhere/token")
    before = dict(os.environ)
    with local_instance():
        assert os.environ[CLUSTER_SWITCH] == "0"
        if mode == "disabled":
            assert "RAY_AUTH_TOKEN" not in os.environ
        else:  # a token of this process's own, not the user's file
            assert len(os.environ["RAY_AUTH_TOKEN"]) == 64 and "RAY_AUTH_TOKEN_PATH" not in os.environ
    assert dict(os.environ) == before
