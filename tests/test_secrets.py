"""What counts as a secret, and how it is taken out: configured values and well-formed
credentials only, on values (never on serialized JSON), with ordinary words left alone
(issue 33, items 1 and 6)."""
import json

import orjson
import pytest

from thinkingbox import secrets as secrets_module
from thinkingbox.secrets import REDACTED, is_secret_name, redact, redact_value, redacted_json, secret_values

# Text that names credentials without holding one: it must come out unchanged.
ORDINARY = [
    "Return authorization: RMA-20001",
    "Your return authorization number is RMA-20001.",
    "authorization", "AUTHORIZATION: pending", "Authorization required before shipping",
    "token", "a token of thanks", "Authorization: Token please",
    "Bearer abc", 'Use the header Authorization: "Bearer abc"', "payable to the bearer instrument",
    "Bearer TOKEN", "basic plan", "Basic information about the order", "basic dXNlcg==",  # base64 of "user": no colon
    "sk-learn", "ask-me-anything", "Asia", "ASIA-PACIFIC region", "ghp_short",
    "mailto:bob@example.com", "write to bob@example.com", "https://example.com/people/@ana",
    "ssh://git@github.com/org/repo", "https://example.com/path?next=a@b",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_is_kept(text):
    assert redact(text, []) == text
    assert redact_value({"m": [text]}, []) == {"m": [text]}


# A well-formed credential in text: what must remain of it.
PEM = ("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx1y2z3\nAbCdEf0123==\n-----END RSA PRIVATE KEY-----")
FORMS = [
    ("postgres://app:hunter2pass@db.internal:5432/x", f"postgres://{REDACTED}@db.internal:5432/x"),
    ("https://:only-a-password@example.com", f"https://{REDACTED}@example.com"),
    ("https://3f9a0c1d2e4b5a6f7c8d9e0f1a2b3c4d@o1.ingest.example.io/1",  # a key as the user (a DSN)
     f"https://{REDACTED}@o1.ingest.example.io/1"),
    ('curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706"', f'curl -H "Authorization: Bearer {REDACTED}"'),
    ("bearer AbCdEf0123456789xyz.", f"bearer {REDACTED}."),
    ('headers={"Authorization": "Basic dXNlcjpwYXNz"}', f'headers={{"Authorization": "Basic {REDACTED}"}}'),
    ("Authorization: basic YWxhZGRpbjpvcGVuc2VzYW1l", f"Authorization: basic {REDACTED}"),
    ("Authorization: token 0123456789abcdef0123", f"Authorization: token {REDACTED}"),
    ("my key is sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12, keep it", f"my key is {REDACTED}, keep it"),
    ("sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3", REDACTED),
    ("sk_live_4eC39HqLyjWDarjtT1zdp7dc", REDACTED),
    ("ghp_" + "a1B2" * 9, REDACTED),
    ("token=github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz", f"token={REDACTED}"),
    ("AKIAIOSFODNN7EXAMPLE is the key id", f"{REDACTED} is the key id"),
    ("xoxb-1234567890-abcdefghij", REDACTED),
    ("AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q", REDACTED),
    ("hf_" + "aB3" * 12, REDACTED),
    ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
     REDACTED),
    (f"key:\n{PEM}\nend", f"key:\n-----BEGIN RSA PRIVATE KEY-----{REDACTED}-----END RSA PRIVATE KEY-----\nend"),
]


@pytest.mark.parametrize("text, expected", FORMS)
def test_each_well_formed_credential_is_redacted(text, expected):
    assert redact(text, []) == expected
    assert redact(expected, []) == expected  # redacting again changes nothing
    assert redacted_json({"m": text}, []) == orjson.dumps({"m": expected})  # the quick test lets it through
    tabbed = text.replace(" ", "\t")
    assert redacted_json([tabbed], []) == orjson.dumps([redact(tabbed, [])])


def test_configured_values_are_redacted_wherever_they_appear():
    assert redact("a-configured-value-1 and xa-configured-value-1x", ["a-configured-value-1"]) == \
        f"{REDACTED} and x{REDACTED}x"


@pytest.mark.parametrize("name", [
    "OPENAI_API_KEY", "openai_api_key", "ANTHROPIC_APIKEY", "AWS_SECRET_ACCESS_KEY", "STRIPE_KEY", "CLIENT_SECRET",
    "SECRET", "GH_PAT", "GITHUB_TOKEN", "HF_TOKEN", "PGPASSWORD", "DB_PASSWORD", "SMTP_PASS", "DB_PWD",
    "MYSQL_PASSWD", "GOOGLE_APPLICATION_CREDENTIALS", "VAULT_CREDENTIAL", "SIGNING_PASSPHRASE", "TB_CONTROL_TOKEN",
])
def test_secret_variable_names(name):
    assert is_secret_name(name)


@pytest.mark.parametrize("name", [
    "PATH", "PWD", "OLDPWD", "HOME", "KEYBOARD_LAYOUT", "KEYMAP", "MONKEY", "TOKENIZERS_PARALLELISM", "MAX_TOKENS",
    "PATCH_LEVEL", "XPATH", "PASSENGER_COUNT", "SSH_AUTH_SOCK", "TB_REDACT_VARIABLES", "LANG",
])
def test_ordinary_variable_names(name):
    assert not is_secret_name(name)


def test_the_values_of_secret_variables_are_secrets(monkeypatch):
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
    monkeypatch.setenv("GH_PAT", "personal-access-value-1")
    monkeypatch.setenv("KEYBOARD_LAYOUT", "dvorak-programmer")
    monkeypatch.setenv("SHORT_TOKEN", "abc")  # too short to be told from ordinary text
    values = secret_values()
    assert "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" in values and "personal-access-value-1" in values
    assert "dvorak-programmer" not in values and "abc" not in values
    assert redact("AWS wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY, pat personal-access-value-1") == \
        f"AWS {REDACTED}, pat {REDACTED}"


def test_more_names_come_from_tb_redact_variables_and_add_key_variable(monkeypatch):
    monkeypatch.setattr(secrets_module, "_named_key_variables", set())
    monkeypatch.setenv("TB_REDACT_VARIABLES", "VENDOR_CODE, internal_*")
    monkeypatch.setenv("VENDOR_CODE", "vendor-code-value")
    monkeypatch.setenv("INTERNAL_SIGNATURE", "internal-signature-value")
    monkeypatch.setenv("MODEL_PROVIDER_CRED", "provider-cred-value")
    assert {"vendor-code-value", "internal-signature-value"} <= set(secret_values())
    assert "provider-cred-value" not in secret_values()
    secrets_module.add_key_variable("MODEL_PROVIDER_CRED")  # what a model configuration's api_key_env does
    assert "provider-cred-value" in secret_values()


def test_values_are_walked_keys_included_and_other_types_left_alone():
    secret = "configured-secret-1"
    value = {"a": [1, 2.5, None, True, f"x {secret}"], secret: {"b": "plain", "c": ("tuple", secret)},
             "n": {"deep": [[{"k": "https://u:pw@h.example"}]]}}
    found: list[str] = []
    clean = redact_value(value, [secret], found)
    assert clean == {"a": [1, 2.5, None, True, f"x {REDACTED}"], REDACTED: {"b": "plain", "c": ["tuple", REDACTED]},
                     "n": {"deep": [[{"k": f"https://{REDACTED}@h.example"}]]}}
    assert found == ["a.4", REDACTED, f"{REDACTED}.c.1", "n.deep.0.0.k"]


def test_two_keys_redacted_alike_both_stay():
    clean = redact_value({"secret-one-1": 1, "secret-two-2": 2}, ["secret-one-1", "secret-two-2"])
    assert sorted(clean.values()) == [1, 2] and all(REDACTED in key for key in clean)


HOSTILE = [
    'Use the header Authorization: "Bearer abc"', 'x Authorization: "abc\\"', 'Authorization: "Bearer abc\\',
    '{"Authorization": "Basic dXNlcjpwYXNz"}', "https://u:p\"w@h.example/", 'bearer "AbCdEf0123456789xyz"',
]


@pytest.mark.parametrize("text", HOSTILE)
@pytest.mark.parametrize("option", [0, orjson.OPT_INDENT_2])
def test_serialized_values_are_always_json(text, option):
    data = redacted_json({"m": text, text: [text]}, ["p\"w@h"], option=option)
    assert set(json.loads(data)) == {"m", redact(text, ["p\"w@h"])}


def test_a_secret_with_quotes_and_backslashes_is_found_in_the_json():
    secret = 'quote"and\\slash-value'
    data = redacted_json({"m": f"it is {secret}."}, [secret])
    assert json.loads(data) == {"m": f"it is {REDACTED}."}


def test_a_value_without_any_sign_of_a_secret_is_not_walked(monkeypatch):
    def walked(*args, **kwargs):
        raise AssertionError("walked a value that cannot hold a secret")

    monkeypatch.setattr(secrets_module, "redact_value", walked)
    record = {"final_message": "Your return authorization number is RMA-20001.", "n": [1, 2.0, None],
              "trajectory": [{"role": "user", "content": "Thanks! Is the basic plan enough? Write to ana@example.com"}]}
    assert redacted_json(record, ["not-present-secret"]) == orjson.dumps(record)


# Text built from pieces of credential forms, quotes, escapes and whitespace: whatever comes
# out is JSON, redacting again changes nothing, and the quick test that skips the walk never
# skips a value the walk would change.
PIECES = ["Authorization", "authorization", ": ", "=", '"', "'", "\\", "\t", "\n", " ", "\u00a0", "Bearer ", "bearer\t",
          "Basic ", "basic ", "token ", "Token\t", "dXNlcjpwYXNz", "YWxhZGRpbjpvcGVuc2VzYW1l", "9f8e7d6c5b4a39281706",
          "AbCdEf0123456789xyz", "abc", "RMA-20001", "https://", "postgres://", "u", "user", ":", "p@ss", "@", "host/",
          "3f9a0c1d2e4b5a6f7c8d9e0f1a2b3c4d", "sk-", "proj-Ab12Cd34Ef56Gh78Ij90Kl12", "ghp_", "a1B2" * 9,
          "AKIA", "IOSFODNN7EXAMPLE", "eyJ", "hbGciOiJIUzI1NiJ9", ".", "-----BEGIN RSA PRIVATE KEY-----",
          "-----END RSA PRIVATE KEY-----", "conf\"igured-secret", "\x1b", "\u202e"]


WORDS = ["Bearer", "bearer", "BASIC", "basic", "Token", "Authorization: token", "authorization=\"token", "https://",
         "postgres://u", "x://"]
SEPARATORS = [" ", "\t", "  ", " \t", "\n", "\u00a0", "", ":", '"']
VALUES = ["dXNlcjpwYXNz", "YWxhZGRpbjpvcGVuc2VzYW1l==", "9f8e7d6c5b4a39281706", "AbCdEf0123456789xyz.", "abc",
          "RMA-20001", "3f9a0c1d2e4b5a6f7c8d9e0f1a2b3c4d@h", ":pw@h", "u:p\\w@h", "informationxyz", "A" * 40]


def _hostile_text():
    from hypothesis import strategies as st

    form = st.tuples(st.sampled_from(WORDS), st.sampled_from(SEPARATORS), st.sampled_from(VALUES)).map("".join)
    return st.lists(form | st.sampled_from(PIECES) | st.text(max_size=3), max_size=4).map("".join)


@pytest.mark.slow
def test_any_text_redacts_to_json_once_and_for_all():
    from hypothesis import HealthCheck, given, settings

    secret = 'conf"igured-secret'

    @settings(max_examples=600, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(text=_hostile_text())
    def check(text):
        value = {"m": text, text: [text, {"k": text}]}
        data = redacted_json(value, [secret])
        clean = json.loads(data)
        assert redact_value(clean, [secret]) == clean
        assert secret not in data.decode() and json.dumps(secret)[1:-1] not in data.decode()
        if not secrets_module._may_hold(orjson.dumps(value), [secret]):
            assert redact_value(value, [secret]) == value

    check()
