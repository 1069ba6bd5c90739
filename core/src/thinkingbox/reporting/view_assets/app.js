// Thinkingbox run viewer: the same page for `tb view` (served) and `tb report --html` (files).
// Data files are scripts that store JSON.parse('...') in window.TB_DATA[key]: browsers block
// fetch() of file:// URLs, not <script src>; the record text is inside the string literal,
// parsed as JSON, never run (reporting/view_data.py says why). Record text is agent and user
// text: it only ever reaches the page as text nodes and attribute values (textContent,
// setAttribute), never as HTML; every href is "report.html" or a "#/..." fragment, and the
// only script src is data/ plus numbers from the page's own hash. The pages' policy
// (Content-Security-Policy) refuses inline script and style attributes: styles are set
// through element.style.
"use strict";
(function () {
  const TB = (window.TB_DATA = window.TB_DATA || {});
  const app = document.getElementById("app");
  const SVG = "http://www.w3.org/2000/svg";
  // the task grid's sort and filters, kept while moving between pages
  const state = { sort: "task", failedOnly: false, category: "", domain: "", family: "" };
  let shown = 0; // the latest page asked for; an older one that loads later is dropped

  function load(key) {
    if (TB[key] !== undefined) return Promise.resolve(TB[key]);
    return new Promise(function (resolve, reject) {
      const script = document.createElement("script");
      script.src = "data/" + key + ".js";
      script.onload = function () {
        script.remove();
        if (TB[key] !== undefined) resolve(TB[key]);
        else reject(new Error("data/" + key + ".js did not hold its data"));
      };
      script.onerror = function () {
        script.remove();
        reject(new Error("could not load data/" + key + ".js"));
      };
      document.head.appendChild(script);
    });
  }

  function add(node, children) {
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function attrs(node, options) {
    for (const [name, value] of Object.entries(options || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else if (name === "style") node.style.cssText = String(value); // CSSOM: allowed by the policy
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    return node;
  }

  function el(tag, options, ...children) {
    return add(attrs(document.createElement(tag), options), children);
  }

  function svg(tag, options, ...children) {
    return add(attrs(document.createElementNS(SVG, tag), options), children);
  }

  function pct(x) {
    return x === null || x === undefined ? "-" : (100 * x).toFixed(1) + "%";
  }

  function json(value) {
    return JSON.stringify(value, null, 2);
  }

  function pretty(text) {
    // a tool result or arguments string: indented when it is JSON, as it is otherwise
    if (typeof text !== "string") return json(text);
    try {
      const value = JSON.parse(text);
      if (value !== null && typeof value === "object") return json(value);
    } catch (e) { /* not JSON: shown as it is */ }
    return text;
  }

  function rateColor(rate) {
    // red (0) through amber to green (1), light enough for dark text
    return "hsl(" + Math.round(120 * rate) + ", 70%, 78%)";
  }

  // ---- the first page: runs, leaderboard, task grid ----------------------------------

  function overview(index) {
    return el("div", { id: "overview" },
      el("h1", {}, "Runs"),
      runsTable(index),
      el("h2", {}, "Leaderboard"),
      el("p", { class: "muted" }, "pass@1 (bar) with its 95% task-cluster bootstrap interval (whisker), " +
        index.bootstrap.samples + " samples, seed " + index.bootstrap.seed + ". ",
        el("a", { href: "report.html" }, "The report"), " has pass@k and pass^k curves, failure categories and interaction statistics."),
      leaderboardChart(index),
      leaderboardTable(index),
      el("h2", {}, "Tasks"),
      gridSection(index));
  }

  function runsTable(index) {
    const head = ["run", "file", "agent", "user", "judge", "models and parameters", "versions", "seed",
      "command", "started", "trials", "settings"];
    return el("table", { id: "runs" },
      el("thead", {}, el("tr", {}, head.map(function (h) { return el("th", {}, h); }))),
      el("tbody", {}, index.runs.map(function (run) {
        const models = Object.entries(run.models).map(function (e) {
          return e[0] + ": " + e[1] + (run.endpoints[e[0]] ? " at " + run.endpoints[e[0]] : "");
        });
        const params = Object.keys(run.params).length ? json(run.params) : "";
        return el("tr", { "data-run": run.name },
          el("td", {}, el("strong", {}, run.name)),
          el("td", {}, run.file),
          el("td", {}, run.agent),
          el("td", {}, run.user + (run.persona && run.persona !== "cooperative" ? " (" + run.persona + ")" : "")),
          el("td", {}, run.judge || "-"),
          el("td", {}, models.join("; ") || "-", params ? el("pre", {}, params) : null),
          el("td", {}, Object.entries(run.versions).map(function (e) { return e[0] + " " + e[1]; }).join(", ")),
          el("td", {}, run.seed === null || run.seed === undefined ? "-" : run.seed),
          el("td", {}, run.command ? el("pre", {}, run.command) : el("span", { class: "muted" }, "not recorded")),
          el("td", {}, run.started || el("span", { class: "muted" }, "not recorded")),
          el("td", { class: "num" }, run.trials + " (" + run.tasks + " tasks)"),
          el("td", {}, el("details", {}, el("summary", {}, "config"), el("pre", {}, json(run.config)))));
      })));
  }

  function leaderboardChart(index) {
    const rows = index.leaderboard;
    const left = 220, width = 820, plot = width - left - 210, rowH = 30, top = 24;
    const height = top + rowH * rows.length + 10;
    const x = function (v) { return left + v * plot; };
    const chart = svg("svg", { class: "leaderboard", width: width, height: height, viewBox: "0 0 " + width + " " + height,
      role: "img", "aria-label": "pass@1 with 95% interval per run" });
    for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
      chart.appendChild(svg("line", { class: "gridline", x1: x(tick), x2: x(tick), y1: top - 4, y2: height - 8 }));
      chart.appendChild(svg("text", { x: x(tick), y: 14, "text-anchor": "middle" }, (tick * 100) + "%"));
    }
    rows.forEach(function (row, i) {
      const y = top + i * rowH, mid = y + rowH / 2 - 2;
      const lo = row.ci95[0], hi = row.ci95[1];
      const name = row.run.length > 30 ? row.run.slice(0, 29) + "…" : row.run;
      chart.appendChild(svg("text", { x: left - 8, y: mid + 4, "text-anchor": "end" }, svg("title", {}, row.run), name));
      chart.appendChild(svg("rect", { class: "bar", x: left, y: y + 5, width: Math.max(0, row.pass1 * plot), height: rowH - 14 },
        svg("title", {}, row.run + ": pass@1 " + pct(row.pass1) + ", 95% interval " + pct(lo) + " to " + pct(hi))));
      chart.appendChild(svg("line", { class: "whisker", x1: x(lo), x2: x(hi), y1: mid, y2: mid }));
      chart.appendChild(svg("line", { class: "whisker", x1: x(lo), x2: x(lo), y1: mid - 6, y2: mid + 6 }));
      chart.appendChild(svg("line", { class: "whisker", x1: x(hi), x2: x(hi), y1: mid - 6, y2: mid + 6 }));
      chart.appendChild(svg("text", { x: left + plot + 8, y: mid + 4 }, pct(row.pass1) + "  [" + pct(lo) + ", " + pct(hi) + "]"));
    });
    chart.appendChild(svg("line", { class: "axis", x1: left, x2: left, y1: top - 4, y2: height - 8 }));
    return el("div", { id: "leaderboard" }, chart);
  }

  function leaderboardTable(index) {
    const domains = index.domains;
    // runs with injection tasks (planted instructions): their pass@1 and how often the instruction was followed
    const injection = index.leaderboard.some(function (row) { return row.injection; });
    function injectionCells(row) {
      if (!injection) return [];
      const inj = row.injection;
      return [el("td", { class: "num injection" }, inj ? pct(inj["pass@1"]) : "-"),
        el("td", { class: "num injection" }, inj ? pct(inj.followed) : "-")];
    }
    return el("table", { id: "leaderboard-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "run"), domains.map(function (d) { return el("th", { class: "num" }, d); }),
        el("th", { class: "num" }, "pass@1"), el("th", { class: "num" }, "95% interval"), el("th", { class: "num" }, "pass@k"),
        el("th", { class: "num" }, "pass^k"), el("th", { class: "num" }, "never / always passed"),
        el("th", { class: "num" }, "trials"), el("th", { class: "num" }, "errors"),
        injection ? [el("th", { class: "num" }, "injection pass@1"), el("th", { class: "num" }, "followed instruction")] : [])),
      el("tbody", {}, index.leaderboard.map(function (row) {
        return el("tr", {}, el("td", {}, row.run),
          domains.map(function (d) { return el("td", { class: "num" }, pct(row.domains[d])); }),
          el("td", { class: "num" }, el("strong", {}, pct(row.pass1))),
          el("td", { class: "num" }, pct(row.ci95[0]) + " – " + pct(row.ci95[1])),
          el("td", { class: "num" }, pct(row.pass_k) + " (k=" + row.k + ")"),
          el("td", { class: "num" }, pct(row.pass_hat_k) + " (k=" + row.k + ")"),
          el("td", { class: "num" }, row.never + " / " + row.always),
          el("td", { class: "num" }, row.trials), el("td", { class: "num" }, row.errors), injectionCells(row));
      })));
  }

  function select(id, label, value, options, onchange) {
    return el("label", {}, label, el("select", { id: id, onchange: onchange },
      options.map(function (o) { return el("option", { value: o[0], selected: o[0] === value }, o[1]); })));
  }

  function gridSection(index) {
    const body = el("div", {});
    const redraw = function () { body.replaceChildren(gridBody(index)); };
    const set = function (name) {
      return function (event) {
        state[name] = event.target.type === "checkbox" ? event.target.checked : event.target.value;
        redraw();
      };
    };
    const controls = el("div", { class: "controls" },
      select("sort", "sort by", state.sort, [["task", "task id"], ["difficulty", "difficulty (lowest pass rate first)"],
        ["disagreement", "disagreement (largest spread between runs first)"]], set("sort")),
      el("label", {}, el("input", { type: "checkbox", id: "failed-only", checked: state.failedOnly, onchange: set("failedOnly") }),
        "failed trials only"),
      select("category", "failure category", state.category, [["", "any"]].concat(index.categories.map(function (c) { return [c, c]; })),
        set("category")),
      select("domain", "domain", state.domain, [["", "all"]].concat(index.domains.map(function (d) { return [d, d]; })), set("domain")),
      select("family", "family", state.family, [["", "all"]].concat(index.families.map(function (f) { return [f, f]; })), set("family")));
    redraw();
    return el("div", {}, controls,
      el("div", { class: "legend" }, "cells: passed/trials of the task in the run, coloured by pass rate",
        el("span", {}, el("span", { class: "swatch", style: "background:" + rateColor(0) }), "0%"),
        el("span", {}, el("span", { class: "swatch", style: "background:" + rateColor(0.5) }), "50%"),
        el("span", {}, el("span", { class: "swatch", style: "background:" + rateColor(1) }), "100%"),
        "; click a cell to open its trials"),
      body);
  }

  function matches(trial) {
    // trial: [number, passed, failure category, finish reason]
    if ((state.failedOnly || state.category) && trial[1]) return false;
    return !state.category || trial[2] === state.category;
  }

  function rates(task) {
    const shares = task.cells.filter(Boolean).map(function (c) { return c.passed / c.trials; });
    let passed = 0, trials = 0;
    for (const c of task.cells) if (c) { passed += c.passed; trials += c.trials; }
    return { rate: trials ? passed / trials : 0, spread: shares.length ? Math.max(...shares) - Math.min(...shares) : 0 };
  }

  function gridBody(index) {
    const filtering = state.failedOnly || state.category;
    let tasks = index.tasks.filter(function (t) {
      if (state.domain && t.domain !== state.domain) return false;
      if (state.family && t.family !== state.family) return false;
      return !filtering || t.cells.some(function (c) { return c && c.t.some(matches); });
    });
    const measured = new Map(tasks.map(function (t) { return [t.key, rates(t)]; }));
    const byKey = function (a, b) { return a.key < b.key ? -1 : a.key > b.key ? 1 : 0; };
    if (state.sort === "difficulty") {
      tasks = tasks.slice().sort(function (a, b) { return measured.get(a.key).rate - measured.get(b.key).rate || byKey(a, b); });
    } else if (state.sort === "disagreement") {
      tasks = tasks.slice().sort(function (a, b) { return measured.get(b.key).spread - measured.get(a.key).spread || byKey(a, b); });
    }
    const taskIndex = new Map(index.tasks.map(function (t, i) { return [t.key, i]; }));
    const table = el("table", { id: "grid" },
      el("thead", {}, el("tr", {}, el("th", {}, "task"), el("th", {}, "family"),
        index.runs.map(function (run) { return el("th", { class: "run" }, run.name); }),
        el("th", { class: "num" }, "pass rate"), el("th", { class: "num" }, "spread"))),
      el("tbody", {}, tasks.map(function (task) {
        const t = taskIndex.get(task.key), m = measured.get(task.key);
        return el("tr", { "data-task": task.key },
          el("td", { class: "task" }, task.key), el("td", {}, task.family),
          task.cells.map(function (cell, r) {
            if (!cell) return el("td", { class: "muted" }, "–");
            const hit = cell.t.filter(matches);
            const pick = (filtering ? hit[0] : cell.t.find(function (x) { return !x[1]; })) || cell.t[0];
            return el("td", {}, el("button", {
              class: "cell" + (filtering && !hit.length ? " dim" : ""), "data-run": r,
              style: "background:" + rateColor(cell.passed / cell.trials),
              title: index.runs[r].name + ": " + cell.passed + " of " + cell.trials + " passed" +
                (cell.errors ? ", " + cell.errors + " errors" : ""),
              onclick: function () { location.hash = "#/trial/" + r + "/" + t + "/" + pick[0]; },
            }, cell.passed + "/" + cell.trials));
          }),
          el("td", { class: "num" }, pct(m.rate)), el("td", { class: "num" }, pct(m.spread)));
      })));
    const parts = [el("p", { class: "muted", id: "grid-count" }, tasks.length + " of " + index.tasks.length + " tasks"), table];
    if (filtering) parts.push(matchList(index, tasks, taskIndex));
    return el("div", {}, parts);
  }

  const MAX_LISTED = 1000;

  function matchList(index, tasks, taskIndex) {
    const rows = [];
    for (const task of tasks) {
      task.cells.forEach(function (cell, r) {
        if (cell) for (const trial of cell.t) if (matches(trial)) rows.push([r, task, trial]);
      });
    }
    return el("div", {},
      el("h3", {}, "Matching trials (" + rows.length + ")" + (rows.length > MAX_LISTED ? ", the first " + MAX_LISTED + " listed" : "")),
      el("table", { id: "matches" },
        el("thead", {}, el("tr", {}, ["run", "task", "trial", "verdict", "category", "finish reason"].map(function (h) { return el("th", {}, h); }))),
        el("tbody", {}, rows.slice(0, MAX_LISTED).map(function (row) {
          const r = row[0], task = row[1], trial = row[2];
          return el("tr", { "data-category": trial[2] || "" },
            el("td", {}, index.runs[r].name),
            el("td", {}, el("a", { href: "#/trial/" + r + "/" + taskIndex.get(task.key) + "/" + trial[0] }, task.key)),
            el("td", { class: "num" }, trial[0]), el("td", {}, trial[1] ? "pass" : "fail"),
            el("td", {}, trial[2] || "-"), el("td", {}, trial[3]));
        }))));
  }

  // ---- one trial -----------------------------------------------------------------------

  function chooser(trials, current, href) {
    return el("div", { class: "chooser" }, el("span", { class: "muted" }, "trials:"),
      trials.map(function (t) {
        return el("a", { href: href(t.trial), class: (t.verdict ? "pass" : "fail") + (t.trial === current.trial ? " current" : ""),
          title: t.verdict ? "passed" : "failed: " + t.category }, "#" + t.trial + (t.verdict ? " ✓" : " ✗"));
      }));
  }

  function pickTrial(data, number) {
    return data.trials.find(function (t) { return t.trial === number; }) || data.trials[0];
  }

  function trialPage(index, r, t, number) {
    return load("r" + r + "/t" + t).then(function (data) {
      const trial = pickTrial(data, number);
      const others = index.runs.map(function (run, i) { return [run, i]; })
        .filter(function (p) { return p[1] !== r && index.tasks[t].cells[p[1]]; });
      return el("div", { id: "trial-page" },
        el("p", {}, el("a", { href: "#/" }, "← runs and tasks")),
        el("h1", {}, data.key, " ", el("span", { class: "muted" }, "trial " + trial.trial)),
        el("p", {}, "run ", el("strong", {}, data.run)),
        chooser(data.trials, trial, function (n) { return "#/trial/" + r + "/" + t + "/" + n; }),
        others.length ? el("div", { class: "chooser", id: "compare-links" }, el("span", { class: "muted" }, "side by side with:"),
          others.map(function (p) {
            return el("a", { href: "#/compare/" + r + "/" + p[1] + "/" + t + "/" + trial.trial + "/" + trial.trial }, p[0].name);
          })) : null,
        trialView(trial));
    });
  }

  // beside the verdict, never part of it: planted instructions and injected tool faults
  function injectionFacts(inj) {
    if (!inj || (!inj.reported && inj.followed === undefined)) return null;
    const parts = [];
    if (inj.followed !== undefined) parts.push(inj.followed ? "followed the planted instruction" : "did not follow it");
    parts.push(inj.reported ? "reported (" + inj.records.join(", ") + ")" : "not reported");
    return [el("dt", {}, "planted instruction"), el("dd", { class: "injection" + (inj.followed ? " fail" : "") }, parts.join("; "))];
  }

  function faultFacts(faults) {
    if (!faults) return null;
    const calls = faults.calls.map(function (c) { return c.tool + " #" + c.call + " (" + c.kind + ")"; });
    return [el("dt", {}, "tool faults"), el("dd", { class: "faults" }, faults.spec + ": " + (calls.join(", ") || "none hit"))];
  }

  function trialView(trial) {
    const failed = trial.checks.filter(function (c) { return !c.passed; });
    return el("div", { class: "trial", "data-task": trial.domain + "/" + trial.task, "data-trial": trial.trial },
      el("dl", { class: "facts" },
        el("dt", {}, "verdict"), el("dd", {}, el("span", { class: "badge verdict " + (trial.verdict ? "pass" : "fail") },
          trial.verdict ? "PASS" : "FAIL")),
        el("dt", {}, "failure category"), el("dd", { class: "category" }, trial.category || "-"),
        el("dt", {}, "finish reason"), el("dd", {}, trial.finish_reason),
        injectionFacts(trial.injection), faultFacts(trial.faults),
        trial.error ? [el("dt", {}, "error"), el("dd", { class: "error" }, el("pre", {}, trial.error))] : null,
        el("dt", {}, "agent"), el("dd", {}, trial.agent),
        el("dt", {}, "user"), el("dd", {}, trial.user),
        el("dt", {}, "family"), el("dd", {}, trial.family || "-"),
        el("dt", {}, "versions"), el("dd", {}, "thinkingbox " + (trial.core_version || "?") + ", " + trial.domain + " " +
          (trial.domain_version || "?"))),
      el("h2", {}, "Checks"),
      el("table", { class: "checks" },
        el("thead", {}, el("tr", {}, el("th", {}, "check"), el("th", {}, "result"), el("th", {}, "detail"))),
        el("tbody", {}, trial.checks.map(function (c) {
          return el("tr", { class: c.passed ? "ok" : "failed" }, el("td", {}, c.name),
            el("td", {}, el("span", { class: "badge " + (c.passed ? "pass" : "fail") }, c.passed ? "ok" : "FAIL")), el("td", {}, c.detail));
        }))),
      claims(failed),
      el("h2", {}, "Difference from the golden state"),
      diffTable(trial.diff),
      el("h2", {}, "Conversation"),
      conversation(trial.trajectory),
      el("h3", {}, "Final message"),
      el("div", { class: "msg assistant" }, el("div", { class: "text final" }, trial.final_message || "(empty)")),
      el("h2", {}, "Tokens and timings"),
      usageTable(trial.usage),
      timingsTable(trial.timings_ms),
      el("h2", {}, "More"),
      el("details", {}, el("summary", {}, "side effects against the initial state (" + trial.effects.length + ")"),
        el("pre", {}, json(trial.effects))),
      el("details", {}, el("summary", {}, "run settings (config)"), el("pre", {}, json(trial.config))));
  }

  function claims(failed) {
    // failed checks that list what was wrong (rubric questions, communication claims)
    const items = [];
    for (const check of failed) {
      if (check.name === "golden_state") continue;
      const data = Array.isArray(check.data) && check.data.length ? check.data : [check.detail];
      for (const item of data) {
        if (item && typeof item === "object" && "question" in item) { // a rubric answer: only the failed ones
          if (item.answer === "yes") continue;
          items.push(el("li", {}, check.name + ": " + item.question + " — answered " + item.answer +
            (item.parsed === false ? " (reply not understood: " + item.raw + ")" : "")));
        } else {
          items.push(el("li", {}, check.name + ": " + (typeof item === "string" ? item : JSON.stringify(item))));
        }
      }
    }
    if (!items.length) return null;
    return el("div", {}, el("h3", {}, "Failed claims"), el("ul", { class: "claims" }, items));
  }

  function diffTable(diff) {
    if (diff === null || diff === undefined) return el("p", { class: "muted diff" }, "no golden-state comparison was recorded");
    if (!diff.length) return el("p", { class: "diff" }, "The final state matches the golden state.");
    return el("table", { class: "diff" },
      el("thead", {}, el("tr", {}, ["kind", "table", "key", "field", "expected (golden)", "actual (final)"].map(function (h) { return el("th", {}, h); }))),
      el("tbody", {}, diff.map(function (d) {
        return el("tr", {}, el("td", { class: "kind " + d.kind }, d.kind), el("td", {}, d.table), el("td", {}, String(d.key)),
          el("td", { class: "field" }, d.field === null || d.field === undefined ? "(whole row)" : d.field),
          el("td", {}, el("pre", {}, json(d.expected))), el("td", {}, el("pre", {}, json(d.actual))));
      })));
  }

  function conversation(trajectory) {
    return el("div", { class: "conversation" }, trajectory.map(function (event) {
      if (event.role === "user") {
        return el("div", { class: "msg user" }, el("div", { class: "who" }, event.source === "simulator" ? "user (simulated)" : "user"),
          el("div", { class: "text" }, event.content));
      }
      if (event.role === "assistant") {
        return [event.content ? el("div", { class: "msg assistant" }, el("div", { class: "who" }, "assistant"),
          el("div", { class: "text" }, event.content)) : null,
        (event.tool_calls || []).map(function (call) {
          return el("div", { class: "msg call" }, el("div", { class: "who" }, "tool call → " + call.name),
            el("pre", { class: "arguments" }, pretty(call.arguments)));
        })];
      }
      if (event.role === "tool") {
        return el("div", { class: "msg result" + (event.is_error ? " is-error" : "") },
          el("div", { class: "who" }, (event.is_error ? "tool error ← " : "tool result ← ") + event.name),
          el("pre", { class: "result-text" }, pretty(event.content)));
      }
      return el("div", { class: "msg" }, el("div", { class: "who" }, event.role), el("pre", {}, json(event)));
    }));
  }

  function usageTable(usage) {
    const roles = Object.keys(usage || {});
    if (!roles.length) return el("p", { class: "muted" }, "no token usage recorded");
    const fields = ["calls", "input", "cached", "output", "reasoning", "retries", "latency_ms"];
    return el("table", { class: "usage" },
      el("thead", {}, el("tr", {}, el("th", {}, "role"), fields.map(function (f) { return el("th", { class: "num" }, f.replace("_ms", " (ms)")); }))),
      el("tbody", {}, roles.map(function (role) {
        return el("tr", {}, el("td", {}, role), fields.map(function (f) {
          const v = usage[role][f];
          return el("td", { class: "num" }, v === undefined ? "-" : typeof v === "number" ? Math.round(v * 10) / 10 : String(v));
        }));
      })));
  }

  function timingsTable(timings) {
    const phases = Object.keys(timings || {});
    if (!phases.length) return null;
    return el("table", { class: "timings" },
      el("thead", {}, el("tr", {}, phases.map(function (p) { return el("th", { class: "num" }, p + " (ms)"); }))),
      el("tbody", {}, el("tr", {}, phases.map(function (p) { return el("td", { class: "num" }, timings[p].toFixed(1)); }))));
  }

  // ---- two runs side by side -------------------------------------------------------------

  function comparePage(index, a, b, t, na, nb) {
    const side = function (r, n, other, cls) {
      if (!index.runs[r]) return Promise.resolve(el("div", { class: "side " + cls }, el("p", { class: "error" }, "no such run")));
      if (!index.tasks[t].cells[r]) {
        return Promise.resolve(el("div", { class: "side " + cls }, el("h2", {}, index.runs[r].name),
          el("p", { class: "muted" }, "This run has no trial of this task.")));
      }
      return load("r" + r + "/t" + t).then(function (data) {
        const trial = pickTrial(data, n);
        const href = function (m) {
          return cls === "a" ? "#/compare/" + a + "/" + b + "/" + t + "/" + m + "/" + (nb || "")
            : "#/compare/" + a + "/" + b + "/" + t + "/" + (na || "") + "/" + m;
        };
        return el("div", { class: "side " + cls, "data-run": data.run }, el("h2", {}, data.run), chooser(data.trials, trial, href),
          trialView(trial));
      });
    };
    const runChoice = function (id, value, onto) {
      return select(id, id === "compare-a" ? "run A" : "run B", String(value),
        index.runs.map(function (run, i) { return [String(i), run.name]; }), function (event) { location.hash = onto(event.target.value); });
    };
    return Promise.all([side(a, na, b, "a"), side(b, nb, a, "b")]).then(function (sides) {
      return el("div", { id: "compare-page" },
        el("p", {}, el("a", { href: "#/" }, "← runs and tasks")),
        el("h1", {}, index.tasks[t].key, " ", el("span", { class: "muted" }, "side by side")),
        el("div", { class: "controls" },
          runChoice("compare-a", a, function (v) { return "#/compare/" + v + "/" + b + "/" + t; }),
          runChoice("compare-b", b, function (v) { return "#/compare/" + a + "/" + v + "/" + t; })),
        el("div", { class: "sides" }, sides));
    });
  }

  // ---- routing: #/, #/trial/R/T/N, #/compare/A/B/T/NA/NB ------------------------------------

  function number(text) {
    const n = parseInt(text, 10);
    return Number.isFinite(n) ? n : null;
  }

  function route() {
    const ticket = ++shown;
    const parts = location.hash.replace(/^#\/?/, "").split("/");
    load("index").then(function (index) {
      const t = number(parts[parts[0] === "compare" ? 3 : 2]);
      if (parts[0] === "trial" && index.tasks[t] && index.runs[number(parts[1])]) {
        return trialPage(index, number(parts[1]), t, number(parts[3]));
      }
      if (parts[0] === "compare" && index.tasks[t]) {
        return comparePage(index, number(parts[1]), number(parts[2]), t, number(parts[4]), number(parts[5]));
      }
      return overview(index);
    }).then(function (page) {
      if (ticket !== shown) return;
      app.replaceChildren(page);
      window.scrollTo(0, 0);
    }).catch(function (error) {
      if (ticket === shown) app.replaceChildren(el("p", { class: "error" }, String(error && error.message || error)));
    });
  }

  window.addEventListener("hashchange", route);
  route();
})();
