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
  // the first page's selected runs, sort and filters: read from and written to the URL (readState)
  const state = { runs: null, sort: "task", failedOnly: false, category: "", domain: "", family: "", q: "", allRuns: 0 };
  const scrolled = new Map(); // where each page of the first kind was scrolled to, by its hash
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

  // ---- the page's state in the URL -------------------------------------------------------
  // The first page's state (selected runs, sort, filters, run search) is its hash:
  // #/?runs=0,2&sort=difficulty&failed=1&category=wrong_state&domain=retail&family=x&q=gpt
  // Controls replace the hash (no new history entry per click); opening a trial adds one,
  // so Back returns to the same selection, filters and scroll position, and a link shares it.

  const KEYS = ["runs", "sort", "failed", "category", "domain", "family", "q"];

  function readState(query, index) {
    const params = new URLSearchParams(query || "");
    const all = index.runs.map(function (_, i) { return i; });
    const runs = params.has("runs") ? params.get("runs").split(",").map(number)
      .filter(function (r) { return r !== null && index.runs[r]; }) : all;
    state.runs = runs;
    state.sort = params.get("sort") || "task";
    state.failedOnly = params.get("failed") === "1";
    state.category = params.get("category") || "";
    state.domain = params.get("domain") || "";
    state.family = params.get("family") || "";
    state.q = params.get("q") || "";
    state.allRuns = all.length;
  }

  function stateQuery() {
    const params = new URLSearchParams();
    if (state.runs.length !== state.allRuns) params.set("runs", state.runs.join(","));
    if (state.sort !== "task") params.set("sort", state.sort);
    if (state.failedOnly) params.set("failed", "1");
    for (const key of ["category", "domain", "family", "q"]) if (state[key]) params.set(key, state[key]);
    const text = params.toString().replace(/%2C/g, ","); // runs=0,2 reads better than runs=0%2C2
    return text ? "?" + text : "";
  }

  function saveState() {
    history.replaceState(null, "", "#/" + stateQuery());
  }

  // ---- the first page: runs, leaderboard, failed trials, task grid -----------------------

  function overview(index) {
    const body = el("div", {});
    const redraw = function () {
      saveState();
      body.replaceChildren(
        el("h2", {}, "Leaderboard"),
        el("p", { class: "muted" }, "pass@1 over finished trials (bar) with its 95% task-cluster bootstrap interval (whisker), " +
          index.bootstrap.samples + " samples, seed " + index.bootstrap.seed + ". Errored trials (the model server or the " +
          "harness failed) are not judged: they are counted apart, drawn grey. pass@" + index.k + " and pass^" + index.k +
          " are the unbiased estimators at k = " + index.k + ", the fewest finished trials of any task in any run. ",
          el("a", { href: "report.html" }, "The report"), " has the curves over k, failure categories and interaction statistics."),
        leaderboardChart(index),
        leaderboardTable(index, redraw),
        gridSection(index, redraw));
    };
    redraw();
    return el("div", { id: "overview" }, el("h1", {}, "Runs"), runPicker(index, redraw), body);
  }

  function selectedRuns(index) {
    return state.runs.filter(function (r) { return index.runs[r]; });
  }

  function runPicker(index, redraw) {
    // a searchable checkbox list: which runs the leaderboard, the failed trials and the grid show
    const list = el("ul", { id: "run-picker" });
    const count = el("span", { class: "muted", id: "run-count" });
    const search = el("input", { type: "search", id: "run-search", placeholder: "search runs (label, agent, file)",
      value: state.q });
    const fill = function () {
      const q = state.q.toLowerCase();
      list.replaceChildren(...index.runs.map(function (run, r) {
        const text = (run.name + " " + run.agent + " " + run.file).toLowerCase();
        if (q && !text.includes(q)) return null;
        const row = index.leaderboard[r];
        return el("li", { "data-run": run.name }, el("label", {},
          el("input", { type: "checkbox", "data-index": r, checked: state.runs.includes(r), onchange: function (event) {
            state.runs = event.target.checked ? state.runs.concat([r]).sort(function (a, b) { return a - b; })
              : state.runs.filter(function (x) { return x !== r; });
            count.textContent = state.runs.length + " of " + index.runs.length + " runs shown";
            redraw();
          } }),
          el("span", { class: "run-name", title: run.name }, run.name),
          el("span", { class: "muted" }, " " + (row.pass1 === null ? "not judged" : pct(row.pass1)) +
            (row.errors ? ", " + row.errors + " errored" : "") +
            " · " + run.trials + " trials")));
      }).filter(Boolean));
      count.textContent = state.runs.length + " of " + index.runs.length + " runs shown";
    };
    search.addEventListener("input", function () { state.q = search.value; fill(); saveState(); });
    const pick = function (which) {
      return function () {
        const q = state.q.toLowerCase();
        const shown = index.runs.map(function (run, r) { return [run, r]; }).filter(function (p) {
          return !q || (p[0].name + " " + p[0].agent + " " + p[0].file).toLowerCase().includes(q);
        }).map(function (p) { return p[1]; });
        state.runs = which === "all" ? Array.from(new Set(state.runs.concat(shown))).sort(function (a, b) { return a - b; })
          : state.runs.filter(function (r) { return !shown.includes(r); });
        fill();
        redraw();
      };
    };
    fill();
    return el("div", { class: "picker" },
      el("div", { class: "controls" }, search,
        el("button", { type: "button", id: "runs-all", onclick: pick("all") }, "select shown"),
        el("button", { type: "button", id: "runs-none", onclick: pick("none") }, "clear shown"), count),
      list,
      el("details", { id: "run-details" }, el("summary", {}, "provenance of every run (files, models, versions, commands)"),
        runsTable(index)));
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
    const shown = selectedRuns(index);
    const left = 220, width = 820, plot = width - left - 230, rowH = 30, top = 24;
    const height = top + rowH * shown.length + 10;
    const x = function (v) { return left + v * plot; };
    const chart = svg("svg", { class: "leaderboard", width: width, height: height, viewBox: "0 0 " + width + " " + height,
      role: "img", "aria-label": "pass@1 with 95% interval per run" });
    for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
      chart.appendChild(svg("line", { class: "gridline", x1: x(tick), x2: x(tick), y1: top - 4, y2: height - 8 }));
      chart.appendChild(svg("text", { x: x(tick), y: 14, "text-anchor": "middle" }, (tick * 100) + "%"));
    }
    shown.forEach(function (r, i) {
      const row = index.leaderboard[r];
      const y = top + i * rowH, mid = y + rowH / 2 - 2;
      const name = row.run.length > 30 ? row.run.slice(0, 29) + "…" : row.run;
      chart.appendChild(svg("text", { x: left - 8, y: mid + 4, "text-anchor": "end" }, svg("title", {}, row.run), name));
      const errors = row.errors ? ", " + row.errors + " errored" : "";
      if (row.pass1 === null) { // nothing finished: no bar at all, never a 0% one
        chart.appendChild(svg("rect", { class: "bar errored", x: left, y: y + 5, width: plot, height: rowH - 14 },
          svg("title", {}, row.run + ": every trial errored (" + row.errors + "), nothing was judged")));
        chart.appendChild(svg("text", { x: left + plot + 8, y: mid + 4, class: "errored-label" }, row.errors + " errored, not judged"));
        return;
      }
      const lo = row.ci95[0], hi = row.ci95[1];
      chart.appendChild(svg("rect", { class: "bar", x: left, y: y + 5, width: Math.max(0, row.pass1 * plot), height: rowH - 14 },
        svg("title", {}, row.run + ": pass@1 " + pct(row.pass1) + ", 95% interval " + pct(lo) + " to " + pct(hi) + errors)));
      if (row.errors) { // the errored share, grey, at the bar's end
        chart.appendChild(svg("rect", { class: "bar errored", x: x(1) - row.error_rate * plot, y: y + 5,
          width: row.error_rate * plot, height: rowH - 14 }, svg("title", {}, row.errors + " errored trials (" + pct(row.error_rate) + ")")));
      }
      chart.appendChild(svg("line", { class: "whisker", x1: x(lo), x2: x(hi), y1: mid, y2: mid }));
      chart.appendChild(svg("line", { class: "whisker", x1: x(lo), x2: x(lo), y1: mid - 6, y2: mid + 6 }));
      chart.appendChild(svg("line", { class: "whisker", x1: x(hi), x2: x(hi), y1: mid - 6, y2: mid + 6 }));
      chart.appendChild(svg("text", { x: left + plot + 8, y: mid + 4 }, pct(row.pass1) + "  [" + pct(lo) + ", " + pct(hi) + "]" +
        (row.errors ? "  " + row.errors + " errored" : "")));
    });
    chart.appendChild(svg("line", { class: "axis", x1: left, x2: left, y1: top - 4, y2: height - 8 }));
    return el("div", { id: "leaderboard" }, chart);
  }

  function leaderboardTable(index, redraw) {
    const domains = index.domains, k = index.k;
    // runs with injection tasks (planted instructions): their pass@1 and how often the instruction was followed
    const shown = selectedRuns(index);
    const injection = shown.some(function (r) { return index.leaderboard[r].injection; });
    function injectionCells(row) {
      if (!injection) return [];
      const inj = row.injection;
      return [el("td", { class: "num injection" }, inj ? pct(inj["pass@1"]) : "-"),
        el("td", { class: "num injection" }, inj ? pct(inj.followed) : "-")];
    }
    return el("table", { id: "leaderboard-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "run"), domains.map(function (d) { return el("th", { class: "num" }, d); }),
        el("th", { class: "num" }, "pass@1"), el("th", { class: "num" }, "95% interval"),
        el("th", { class: "num", title: "unbiased, k = " + k + ": the fewest finished trials of any task in any run" }, "pass@" + k),
        el("th", { class: "num", title: "unbiased: mean over tasks of C(c,k)/C(n,k), k = " + k }, "pass^" + k),
        el("th", { class: "num" }, "never / always passed"),
        el("th", { class: "num" }, "finished"), el("th", { class: "num" }, "errored"), el("th", { class: "num" }, "error rate"),
        injection ? [el("th", { class: "num" }, "injection pass@1"), el("th", { class: "num" }, "followed instruction")] : [])),
      el("tbody", {}, shown.map(function (r) {
        const row = index.leaderboard[r];
        return el("tr", { "data-run": row.run, class: row.pass1 === null ? "errored" : null }, el("td", {}, row.run),
          domains.map(function (d) { return el("td", { class: "num" }, pct(row.domains[d])); }),
          el("td", { class: "num" }, el("strong", {}, row.pass1 === null ? "not judged" : pct(row.pass1))),
          el("td", { class: "num" }, row.pass1 === null ? "-" : pct(row.ci95[0]) + " – " + pct(row.ci95[1])),
          el("td", { class: "num pass-k" }, pct(row.pass_k)),
          el("td", { class: "num pass-hat-k" }, pct(row.pass_hat_k)),
          el("td", { class: "num" }, row.never + " / " + row.always),
          el("td", { class: "num" }, row.trials),
          // the error count opens the list of this run's errored trials
          el("td", { class: "num errors" }, row.errors ? el("a", { href: "#/?runs=" + r + "&failed=1&category=error",
            class: "error-link" }, row.errors + " errored") : "0"),
          el("td", { class: "num" }, pct(row.error_rate)), injectionCells(row));
      })));
  }

  function select(id, label, value, options, onchange) {
    return el("label", {}, label, el("select", { id: id, onchange: onchange },
      options.map(function (o) { return el("option", { value: o[0], selected: o[0] === value }, o[1]); })));
  }

  function gridSection(index, redrawAll) {
    const body = el("div", {});
    const redraw = function () { saveState(); body.replaceChildren(gridBody(index)); };
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
      select("category", "failure category", state.category, [["", "any"]].concat(index.categories.map(function (c) {
        return [c, c === "error" ? "error (not judged)" : c]; })), set("category")),
      select("domain", "domain", state.domain, [["", "all"]].concat(index.domains.map(function (d) { return [d, d]; })), set("domain")),
      select("family", "family", state.family, [["", "all"]].concat(index.families.map(function (f) { return [f, f]; })), set("family")));
    redraw();
    return el("div", {}, el("h2", {}, "Failed trials and tasks"), controls, body);
  }

  function matches(trial) {
    // trial: [number, passed, failure category ("error": errored, not judged), finish reason]
    if (trial[1]) return false;
    return !state.category || trial[2] === state.category;
  }

  function rates(task, shown) {
    const cells = shown.map(function (r) { return task.cells[r]; }).filter(function (c) { return c && c.trials; });
    const shares = cells.map(function (c) { return c.passed / c.trials; });
    let passed = 0, trials = 0;
    for (const c of cells) { passed += c.passed; trials += c.trials; }
    return { rate: trials ? passed / trials : 0, spread: shares.length ? Math.max(...shares) - Math.min(...shares) : 0 };
  }

  function abbreviated(name) {
    // rotated headers hold about 26 characters; the full label is the header's title
    return name.length > 26 ? name.slice(0, 25) + "…" : name;
  }

  function trialHref(r, t, n) {
    return "#/trial/" + r + "/" + t + "/" + n;
  }

  function gridBody(index) {
    const shown = selectedRuns(index);
    const filtering = state.failedOnly || state.category;
    let tasks = index.tasks.filter(function (t) {
      if (state.domain && t.domain !== state.domain) return false;
      if (state.family && t.family !== state.family) return false;
      if (!shown.some(function (r) { return t.cells[r]; })) return false;
      return !filtering || shown.some(function (r) { return t.cells[r] && t.cells[r].t.some(matches); });
    });
    const measured = new Map(tasks.map(function (t) { return [t.key, rates(t, shown)]; }));
    const byKey = function (a, b) { return a.key < b.key ? -1 : a.key > b.key ? 1 : 0; };
    if (state.sort === "difficulty") {
      tasks = tasks.slice().sort(function (a, b) { return measured.get(a.key).rate - measured.get(b.key).rate || byKey(a, b); });
    } else if (state.sort === "disagreement") {
      tasks = tasks.slice().sort(function (a, b) { return measured.get(b.key).spread - measured.get(a.key).spread || byKey(a, b); });
    }
    const taskIndex = new Map(index.tasks.map(function (t, i) { return [t.key, i]; }));
    const table = el("table", { id: "grid" },
      el("thead", {}, el("tr", {}, el("th", { class: "corner" }, "task"), el("th", { class: "corner" }, "family"),
        shown.map(function (r) {
          return el("th", { class: "run", title: index.runs[r].name, "data-run": r },
            el("div", { class: "rotated" }, el("span", {}, abbreviated(index.runs[r].name))));
        }),
        el("th", { class: "num corner" }, "pass rate"), el("th", { class: "num corner" }, "spread"))),
      el("tbody", {}, tasks.map(function (task) {
        const t = taskIndex.get(task.key), m = measured.get(task.key);
        return el("tr", { "data-task": task.key },
          el("td", { class: "task" }, task.key), el("td", {}, task.family),
          shown.map(function (r) {
            const cell = task.cells[r];
            if (!cell) return el("td", { class: "muted" }, "–");
            const hit = cell.t.filter(matches);
            const pick = (filtering ? hit[0] : cell.t.find(function (x) { return !x[1]; })) || cell.t[0];
            const allErrored = !cell.trials;
            const label = allErrored ? cell.errors + " errored" : cell.passed + "/" + cell.trials +
              (cell.errors ? " +" + cell.errors + "⚠" : "");
            return el("td", {}, el("button", {
              class: "cell" + (filtering && !hit.length ? " dim" : "") + (allErrored ? " errored" : cell.errors ? " some-errored" : ""),
              "data-run": r,
              style: allErrored ? null : "background:" + rateColor(cell.passed / cell.trials),
              title: index.runs[r].name + ": " + (allErrored ? "every trial errored (" + cell.errors + "), not judged"
                : cell.passed + " of " + cell.trials + " finished trials passed" + (cell.errors ? ", " + cell.errors + " errored (not judged)" : "")),
              onclick: function () { location.hash = trialHref(r, t, pick[0]); },
            }, label));
          }),
          el("td", { class: "num" }, pct(m.rate)), el("td", { class: "num" }, pct(m.spread)));
      })));
    return el("div", {},
      failureList(index, tasks, taskIndex, shown),
      el("h3", {}, "Task grid"),
      el("div", { class: "legend" }, "cells: passed/finished trials of the task in the run, coloured by pass rate",
        el("span", {}, el("span", { class: "swatch", style: "background:" + rateColor(0) }), "0%"),
        el("span", {}, el("span", { class: "swatch", style: "background:" + rateColor(0.5) }), "50%"),
        el("span", {}, el("span", { class: "swatch", style: "background:" + rateColor(1) }), "100%"),
        el("span", {}, el("span", { class: "swatch errored" }), "errored, not judged (+N⚠: N errored trials beside the finished ones)"),
        "; click a cell to open its trials"),
      el("p", { class: "muted", id: "grid-count" }, tasks.length + " of " + index.tasks.length + " tasks, " + shown.length + " of " +
        index.runs.length + " runs"),
      el("div", { class: "grid-wrap" }, table));
  }

  const MAX_LISTED = 200;

  function failedTrials(index, tasks, taskIndex, shown) {
    const rows = [];
    for (const task of tasks) {
      for (const r of shown) {
        const cell = task.cells[r];
        if (cell) for (const trial of cell.t) if (matches(trial)) rows.push([r, task, trial]);
      }
    }
    return rows;
  }

  function failureList(index, tasks, taskIndex, shown) {
    const rows = failedTrials(index, tasks, taskIndex, shown);
    const errored = rows.filter(function (row) { return row[2][2] === "error"; }).length;
    return el("div", { id: "failures" },
      el("h3", {}, (state.category ? "Trials in category " + state.category : "Failed trials") + " (" + rows.length + ")" +
        (errored ? ", " + errored + " of them errored (not judged)" : "") +
        (rows.length > MAX_LISTED ? ", the first " + MAX_LISTED + " listed" : "")),
      rows.length ? el("div", { class: "scroll-list" }, el("table", { id: "matches" },
        el("thead", {}, el("tr", {}, ["run", "task", "trial", "verdict", "category", "finish reason"].map(function (h) { return el("th", {}, h); }))),
        el("tbody", {}, rows.slice(0, MAX_LISTED).map(function (row) {
          const r = row[0], task = row[1], trial = row[2];
          const isError = trial[2] === "error";
          return el("tr", { "data-category": trial[2] || "", class: isError ? "errored" : null },
            el("td", {}, index.runs[r].name),
            el("td", {}, el("a", { href: "#/trial/" + r + "/" + taskIndex.get(task.key) + "/" + trial[0] }, task.key)),
            el("td", { class: "num" }, trial[0]), el("td", {}, isError ? "error" : "fail"),
            el("td", {}, isError ? "error (not judged)" : trial[2] || "-"), el("td", {}, trial[3]));
        })))) : el("p", { class: "muted" }, "none"));
  }

  // ---- one trial -----------------------------------------------------------------------

  function verdictOf(t) {
    return t.finish_reason === "error" ? "error" : t.verdict ? "pass" : "fail";
  }

  function chooser(trials, current, href) {
    const marks = { pass: " ✓", fail: " ✗", error: " ⚠" };
    return el("div", { class: "chooser" }, el("span", { class: "muted" }, "trials:"),
      trials.map(function (t) {
        const v = verdictOf(t);
        return el("a", { href: href(t.trial), class: v + (t.trial === current.trial ? " current" : ""),
          title: v === "pass" ? "passed" : v === "error" ? "errored, not judged" : "failed: " + t.category }, "#" + t.trial + marks[v]);
      }));
  }

  function pickTrial(data, number) {
    return data.trials.find(function (t) { return t.trial === number; }) ||
      data.trials.find(function (t) { return !t.verdict; }) || data.trials[0];
  }

  function neighbours(index, r, t, n) {
    // previous and next failed trial in the first page's order (its selected runs and filters)
    const shown = selectedRuns(index).length ? selectedRuns(index) : [r];
    const taskIndex = new Map(index.tasks.map(function (task, i) { return [task.key, i]; }));
    const tasks = index.tasks.filter(function (task) {
      return (!state.domain || task.domain === state.domain) && (!state.family || task.family === state.family);
    });
    const list = failedTrials(index, tasks, taskIndex, shown).map(function (row) { return [row[0], taskIndex.get(row[1].key), row[2][0]]; });
    const at = list.findIndex(function (x) { return x[0] === r && x[1] === t && x[2] === n; });
    return { prev: at > 0 ? list[at - 1] : null, next: at >= 0 && at + 1 < list.length ? list[at + 1] : null,
      at: at, total: list.length };
  }

  function trialPage(index, r, t, number) {
    const domain = index.domains.indexOf(index.tasks[t].domain);
    return Promise.all([load("r" + r + "/t" + t), domain >= 0 ? load("d" + domain).catch(function () { return null; }) : null])
      .then(function (loaded) {
        const data = loaded[0], prompt = loaded[1];
        const trial = pickTrial(data, number);
        const others = index.runs.map(function (run, i) { return [run, i]; })
          .filter(function (p) { return p[1] !== r && index.tasks[t].cells[p[1]]; });
        const near = neighbours(index, r, t, trial.trial);
        const compareLink = function (p) {
          return el("a", { href: "#/compare/" + r + "/" + p[1] + "/" + t + "/" + trial.trial + "/" + trial.trial, title: p[0].name },
            abbreviated(p[0].name));
        };
        const step = function (x, text, id) {
          return x ? el("a", { href: "#/trial/" + x[0] + "/" + x[1] + "/" + x[2], id: id }, text)
            : el("span", { class: "muted", id: id }, text);
        };
        return el("div", { id: "trial-page" },
          el("nav", { class: "trial-nav" }, el("a", { href: "#/" + stateQuery() }, "← runs and tasks"),
            step(near.prev, "← previous failed trial", "prev-failed"),
            near.at >= 0 ? el("span", { class: "muted" }, "failed trial " + (near.at + 1) + " of " + near.total) : null,
            step(near.next, "next failed trial →", "next-failed")),
          el("h1", {}, data.key, " ", el("span", { class: "muted" }, "trial " + trial.trial)),
          data.task && data.task.title ? el("p", { class: "task-title" }, data.task.title) : null,
          el("p", {}, "run ", el("strong", {}, data.run)),
          chooser(data.trials, trial, function (n) { return "#/trial/" + r + "/" + t + "/" + n; }),
          others.length ? el("div", { class: "chooser", id: "compare-links" }, el("span", { class: "muted" }, "side by side with:"),
            others.slice(0, 4).map(compareLink),
            others.length > 4 ? el("details", { class: "more-runs" }, el("summary", {}, (others.length - 4) + " more runs"),
              others.slice(4).map(compareLink)) : null) : null,
          el("div", { class: "trial-layout" },
            el("div", { class: "trial-main" }, trialView(trial)),
            taskPanel(data.task, prompt)));
      });
  }

  function taskPanel(task, prompt) {
    // what the agent and the simulated user were given: beside the trajectory
    if (!task) {
      return el("aside", { class: "task-panel" }, el("p", { class: "muted" },
        "The task's text is not shown: its domain is not installed here (install it to see the request, the user's facts and the reference solution)."));
    }
    const facts = Object.entries(task.user_facts || {});
    return el("aside", { class: "task-panel" },
      el("h2", {}, "The task"),
      task.title ? el("p", {}, el("strong", {}, task.title)) : null,
      el("h3", {}, "Opening request"), el("div", { class: "msg user request" }, el("div", { class: "text" }, task.request)),
      el("h3", {}, "What the simulated user knows"),
      facts.length ? el("dl", { class: "facts user-facts" }, facts.map(function (f) { return [el("dt", {}, f[0]), el("dd", {}, f[1])]; }))
        : el("p", { class: "muted" }, "no facts"),
      task.user_rules.length ? [el("h3", {}, "The user's rules"), el("ul", { class: "user-rules" },
        task.user_rules.map(function (rule) { return el("li", {}, rule); }))] : null,
      el("h3", {}, "Reference solution"),
      el("ol", { class: "reference" }, task.solution.map(function (action, i) {
        return el("li", { "data-ref": i, id: "ref-" + i },
          action.say ? [el("span", { class: "muted" }, "says: "), action.say]
            : [el("code", {}, action.tool), el("pre", { class: "arguments" }, json(action.args || {}))]);
      })),
      el("details", {}, el("summary", {}, "reference final message"), el("div", { class: "text" }, task.final_message)),
      prompt && prompt.system_prompt ? el("details", { class: "system-prompt" }, el("summary", {}, "system prompt (" +
        prompt.system_prompt.length + " characters)"), el("pre", {}, prompt.system_prompt)) : null,
      el("p", { class: "muted small" }, "From " + task.source + "."));
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

  function goToStep(root, selector) {
    // scroll to a numbered step (or a reference action) and mark it until another is chosen
    return function (event) {
      event.preventDefault();
      const page = root.closest("#trial-page, #compare-page") || document;
      const target = root.querySelector(selector) || page.querySelector(selector);
      if (!target) return;
      for (const old of page.querySelectorAll(".highlight")) old.classList.remove("highlight");
      target.classList.add("highlight");
      const details = target.closest("details");
      if (details) details.open = true;
      target.scrollIntoView({ block: "center" });
    };
  }

  function trialView(trial) {
    const v = verdictOf(trial);
    const root = el("div", { class: "trial", "data-task": trial.domain + "/" + trial.task, "data-trial": trial.trial });
    return add(root, [
      el("dl", { class: "facts" },
        el("dt", {}, "verdict"), el("dd", {}, el("span", { class: "badge verdict " + v }, v === "error" ? "ERROR" : v.toUpperCase())),
        el("dt", {}, "failure category"), el("dd", { class: "category" }, v === "error" ? "error (not judged)" : trial.category || "-"),
        el("dt", {}, "finish reason"), el("dd", {}, trial.finish_reason),
        injectionFacts(trial.injection), faultFacts(trial.faults),
        trial.error ? [el("dt", {}, "error"), el("dd", { class: "error" }, el("pre", {}, trial.error))] : null,
        el("dt", {}, "agent"), el("dd", {}, trial.agent),
        el("dt", {}, "user"), el("dd", {}, trial.user),
        el("dt", {}, "family"), el("dd", {}, trial.family || "-"),
        el("dt", {}, "versions"), el("dd", {}, "thinkingbox " + (trial.core_version || "?") + ", " + trial.domain + " " +
          (trial.domain_version || "?"))),
      v === "error" ? el("p", { class: "not-judged" }, "Not judged: the trial ended in an error: " + trial.error_line +
        ". Its checks are not failures; run it again (tb eval --resume RUN --retry-errors).") : null,
      el("h2", {}, "Checks"),
      el("table", { class: "checks" },
        el("thead", {}, el("tr", {}, el("th", {}, "check"), el("th", {}, "result"), el("th", {}, "what the judge found"))),
        el("tbody", {}, (trial.explained || []).map(function (c) {
          const cls = c.status === "passed" ? "ok" : c.status === "failed" ? "failed" : "not-judged";
          return el("tr", { class: cls }, el("td", {}, c.name),
            el("td", {}, el("span", { class: "badge " + (c.status === "passed" ? "pass" : c.status === "failed" ? "fail" : "error") },
              c.status === "passed" ? "ok" : c.status === "failed" ? "FAIL" : "not judged")),
            el("td", { class: "detail" }, c.summary,
              c.lines.length && c.name !== "golden_state" ? el("ul", { class: "claims" }, c.lines.map(function (line) {
                return el("li", {}, line);
              })) : null));
        }))),
      el("h2", {}, "Difference from the golden state"),
      v === "error" ? el("p", { class: "muted diff" }, "Not judged (the trial ended in an error).") : diffTable(trial, root),
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
      el("details", {}, el("summary", {}, "run settings (config)"), el("pre", {}, json(trial.config)))]);
  }

  const DIFF_LABELS = { missing: "missing", extra: "extra", wrong: "wrong value" };

  function diffTable(trial, root) {
    const diff = trial.diff;
    if (diff === null || diff === undefined) return el("p", { class: "muted diff" }, "no golden-state comparison was recorded");
    if (!diff.length) return el("p", { class: "diff" }, "The final state matches the golden state.");
    const links = trial.diff_links || [];
    const kinds = window.TB_DATA.index.diff_kinds || {};
    return el("div", {},
      el("div", { class: "legend diff-legend" }, Object.keys(DIFF_LABELS).map(function (k) {
        return el("span", {}, el("span", { class: "kind " + k }, DIFF_LABELS[k]), ": " + (kinds[k] || ""));
      })),
      el("table", { class: "diff" },
        el("thead", {}, el("tr", {}, ["kind", "table", "key", "field", "expected (golden)", "actual (final)", "written by"].map(function (h) { return el("th", {}, h); }))),
        el("tbody", {}, diff.map(function (d, i) {
          const link = links[i];
          let by = el("span", { class: "muted" }, "-");
          if (link && link.step) {
            by = el("a", { href: "#/", class: "step-link", "data-step": link.step, onclick: goToStep(root, '[data-step-number="' + link.step + '"]') },
              "step " + link.step + " (" + link.tool + ")");
          } else if (link && link.reference !== undefined) {
            by = el("a", { href: "#/", class: "ref-link", "data-ref": link.reference, onclick: goToStep(root, 'li[data-ref="' + link.reference + '"]') },
              "should have: reference action " + (link.reference + 1) + " (" + link.tool + ")");
          }
          return el("tr", {}, el("td", { class: "kind " + d.kind }, DIFF_LABELS[d.kind] || d.kind), el("td", {}, d.table), el("td", {}, String(d.key)),
            el("td", { class: "field" }, d.field === null || d.field === undefined ? "(whole row)" : d.field),
            el("td", {}, el("pre", {}, json(d.expected))), el("td", {}, el("pre", {}, json(d.actual))), el("td", { class: "written-by" }, by));
        }))));
  }

  function conversation(trajectory) {
    // numbered steps, in the order explain.steps numbers them (the diff's links use these numbers)
    let n = 0;
    const who = function (text) { n += 1; return el("div", { class: "who" }, el("span", { class: "step-number" }, n + "."), " " + text); };
    return el("div", { class: "conversation" }, trajectory.map(function (event) {
      if (event.role === "user") {
        const head = who(event.source === "simulator" ? "user (simulated)" : "user");
        return el("div", { class: "msg user", "data-step-number": n }, head, el("div", { class: "text" }, event.content));
      }
      if (event.role === "assistant") {
        const text = event.content ? (function () {
          const head = who("assistant");
          return el("div", { class: "msg assistant", "data-step-number": n }, head, el("div", { class: "text" }, event.content));
        })() : null;
        return [text, (event.tool_calls || []).map(function (call) {
          const head = who("tool call → " + call.name);
          return el("div", { class: "msg call", "data-step-number": n }, head, el("pre", { class: "arguments" }, pretty(call.arguments)));
        })];
      }
      if (event.role === "tool") {
        const head = who((event.is_error ? "tool error ← " : "tool result ← ") + event.name);
        const body = pretty(event.content);
        return el("details", { class: "msg result" + (event.is_error ? " is-error" : ""), "data-step-number": n, open: event.is_error || body.length < 300 },
          el("summary", {}, head, body.length >= 300 ? el("span", { class: "muted" }, " (" + body.length + " characters)") : null),
          el("pre", { class: "result-text" }, body));
      }
      const head = who(event.role);
      return el("div", { class: "msg", "data-step-number": n }, head, el("pre", {}, json(event)));
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
        el("p", {}, el("a", { href: "#/" + stateQuery() }, "← runs and tasks")),
        el("h1", {}, index.tasks[t].key, " ", el("span", { class: "muted" }, "side by side")),
        el("div", { class: "controls" },
          runChoice("compare-a", a, function (v) { return "#/compare/" + v + "/" + b + "/" + t; }),
          runChoice("compare-b", b, function (v) { return "#/compare/" + a + "/" + v + "/" + t; })),
        el("div", { class: "sides" }, sides));
    });
  }

  // ---- routing: #/?STATE, #/trial/R/T/N, #/compare/A/B/T/NA/NB -------------------------------

  function number(text) {
    const n = parseInt(text, 10);
    return Number.isFinite(n) ? n : null;
  }

  function route() {
    const ticket = ++shown;
    const hash = location.hash;
    const [path, query] = hash.replace(/^#\/?/, "").split("?");
    const parts = path.split("/");
    let first = false;
    load("index").then(function (index) {
      if (state.runs === null) readState(parts[0] ? "" : query, index);
      const t = number(parts[parts[0] === "compare" ? 3 : 2]);
      if (parts[0] === "trial" && index.tasks[t] && index.runs[number(parts[1])]) {
        return trialPage(index, number(parts[1]), t, number(parts[3]));
      }
      if (parts[0] === "compare" && index.tasks[t]) {
        return comparePage(index, number(parts[1]), number(parts[2]), t, number(parts[4]), number(parts[5]));
      }
      readState(query, index);
      first = true;
      return overview(index);
    }).then(function (page) {
      if (ticket !== shown) return;
      app.replaceChildren(page);
      const key = location.hash || "#/";
      window.scrollTo(0, first && scrolled.has(key) ? scrolled.get(key) : 0);
    }).catch(function (error) {
      if (ticket === shown) app.replaceChildren(el("p", { class: "error" }, String(error && error.message || error)));
    });
  }

  window.addEventListener("hashchange", function (event) {
    // Back to the first page returns to where it was scrolled
    const old = event.oldURL.indexOf("#") >= 0 ? event.oldURL.slice(event.oldURL.indexOf("#")) : "";
    if (old === "" || old.startsWith("#/?") || old === "#/") scrolled.set(old || "#/", window.scrollY);
    route();
  });
  route();
})();
