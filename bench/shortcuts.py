"""How many tasks cheap shortcut strategies pass, per domain (issue 27's "Checked by": each must
stay below one task in ten). Offline: the reference calls and messages, the scripted customer,
the rules judge.

    uv run python bench/shortcuts.py [--domains retail,booking] [--list]
"""
from __future__ import annotations

import argparse
import asyncio

from thinkingbox.engine.discovery import PluginHost
from thinkingbox.engine.shortcuts import SHORTCUTS, shortcut_rates


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--domains", help="comma-separated domains (default: all installed)")
    parser.add_argument("--list", action="store_true", help="list the tasks each shortcut passes")
    args = parser.parse_args()
    host = PluginHost()
    domains = host.load_domains(args.domains.split(",")) if args.domains else host.default_domains()
    print(f"{'domain':<16}" + "".join(f"{s:>14}" for s in SHORTCUTS))
    worst = 0.0
    for domain in domains:
        rates = asyncio.run(shortcut_rates(domain))
        cells = []
        for shortcut in SHORTCUTS:
            passed, total, ids = rates[shortcut]
            worst = max(worst, passed / total) if total else worst
            cells.append(f"{passed:>4}/{total:<3} {passed / total:>5.1%}" if total else "n/a")
            if args.list and ids:
                print(f"  {domain.name} {shortcut}: {', '.join(ids)}")
        print(f"{domain.name:<16}" + "".join(f"{c:>14}" for c in cells))
    print(f"worst share: {worst:.1%} (goal: under 10% for every shortcut and domain)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
