"""Build hook: the core's wheel (and sdist) ship the one domain template,
examples/minimal_domain, as `thinkingbox/interfaces/domain_template`, which `tb new-domain`
copies. An editable install reads the checkout's examples/ folder instead; a wheel built
from the sdist finds the files already in the package."""
from __future__ import annotations

from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

TEMPLATE = Path("thinkingbox") / "interfaces" / "domain_template"


class DomainTemplateHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        example = Path(self.root).parent / "examples" / "minimal_domain"
        if version == "editable" or not example.is_dir():
            return
        target = TEMPLATE if self.target_name == "wheel" else Path("src") / TEMPLATE
        for path in sorted(example.rglob("*")):
            relative = path.relative_to(example)
            if path.is_file() and not any(part.startswith((".", "__pycache__")) for part in relative.parts) \
                    and path.suffix != ".pyc" and relative.parts[0] in ("src", "tests", "pyproject.toml", "README.md"):
                build_data["force_include"][str(path)] = (target / relative).as_posix()
