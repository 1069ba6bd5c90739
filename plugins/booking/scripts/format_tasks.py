"""Write booking task files in one layout: a task's fields one per line, each row, solution
step, decision, rubric item and
communication check (`says` value) on one line. Content is unchanged (checked on every write).

    python plugins/booking/scripts/format_tasks.py plugins/booking/src/thinkingbox_booking/tasks/*.json
"""
import json, sys
from pathlib import Path

def one(x):
    return json.dumps(x, ensure_ascii=False)

def dump_task(t, ind="      "):
    out = []
    items = list(t.items())
    for i, (k, v) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if k == "user_facts" and v:
            inner = [f'{ind}  {one(a)}: {one(b)}' for a, b in v.items()]
            out.append(f'{ind}{one(k)}: {{\n' + ",\n".join(inner) + f'\n{ind}}}{comma}')
        elif k in ("user_behavior", "user_rules", "user_decisions", "solution", "rubric") and isinstance(v, list) and v:
            inner = [f'{ind}  {one(a)}' for a in v]
            out.append(f'{ind}{one(k)}: [\n' + ",\n".join(inner) + f'\n{ind}]{comma}')
        elif k == "says" and v:
            parts = []
            for kind, claims in v.items():
                if isinstance(claims, list) and claims:
                    inner = [f'{ind}    {one(c)}' for c in claims]
                    parts.append(f'{ind}  {one(kind)}: [\n' + ",\n".join(inner) + f'\n{ind}  ]')
                else:
                    parts.append(f'{ind}  {one(kind)}: {one(claims)}')
            out.append(f'{ind}{one(k)}: {{\n' + ",\n".join(parts) + f'\n{ind}}}{comma}')
        elif k == "rows" and v:
            tables = []
            for tbl, rows in v.items():
                inner = [f'{ind}    {one(r)}' for r in rows]
                tables.append(f'{ind}  {one(tbl)}: [\n' + ",\n".join(inner) + f'\n{ind}  ]')
            out.append(f'{ind}{one(k)}: {{\n' + ",\n".join(tables) + f'\n{ind}}}{comma}')
        else:
            out.append(f'{ind}{one(k)}: {one(v)}{comma}')
    return "    {\n" + "\n".join(out) + "\n    }"

def dump_file(data):
    head = [f'  {one(k)}: {one(v)},' for k, v in data.items() if k != "tasks"]
    tasks = ",\n".join(dump_task(t) for t in data["tasks"])
    return "{\n" + "\n".join(head) + '\n  "tasks": [\n' + tasks + "\n  ]\n}\n"

if __name__ == "__main__":
    for f in sys.argv[1:]:
        p = Path(f)
        data = json.loads(p.read_text())
        text = dump_file(data)
        assert json.loads(text) == data
        p.write_text(text)
