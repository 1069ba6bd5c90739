"""Three domains write their task files from scripts (plugins/<domain>/scripts): the committed
JSON must be exactly what the scripts write, or an edit made by hand is lost at the next run."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GENERATED = {"auto_insurance": "gen_*.py", "consulting": "gen_*.py", "neobank": "*.py"}


@pytest.mark.slow
@pytest.mark.parametrize("domain", sorted(GENERATED))
def test_the_committed_task_files_are_what_the_generators_write(domain, tmp_path):
    plugin = ROOT / "plugins" / domain
    tasks = plugin / "src" / f"thinkingbox_{domain}" / "tasks"
    copy = tmp_path / domain
    shutil.copytree(plugin / "scripts", copy / "scripts")
    shutil.copytree(tasks, copy / "src" / f"thinkingbox_{domain}" / "tasks")
    scripts = sorted(p.name for p in (copy / "scripts").glob(GENERATED[domain])
                     if p.name != "taskkit.py" and (p.name.startswith(("gen_", "build_"))))
    assert scripts, f"no generator found in {plugin / 'scripts'}"
    for script in scripts:
        done = subprocess.run([sys.executable, script], cwd=copy / "scripts", capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, f"{script}: {done.stderr[-2000:]}"
    written = copy / "src" / f"thinkingbox_{domain}" / "tasks"
    differ = [p.name for p in sorted(tasks.glob("*.json")) if (written / p.name).read_text() != p.read_text()]
    assert not differ, (f"{', '.join(differ)} differ from what plugins/{domain}/scripts write: change the generator "
                        "and run it, never the JSON alone")
