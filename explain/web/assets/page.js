// The viewer of "xcover explain --html" and "xcover serve": it shows a
// trace (explain.Trace, made by xcover's own walk and narrator) node by
// node. It computes nothing of the search itself: the state of a node is
// rebuilt from the differences the trace records along its path.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const MATRIX_ITEMS = 60, MATRIX_OPTIONS = 50; // the window on a larger matrix, around the chosen item
  const TREE_NODES = 1500; // the whole tree is drawn up to this many nodes
  const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 500, 2000, 10000]; // nodes per second

  let T = null, B = null; // the trace and the board
  let cur = 0; // index of the node shown
  let solutionsAt = [], treeLayout = null;
  let playing = false, lastTick = 0, carry = 0;
  let lecture = false; // lecture mode (see setLecture)

  function esc(s) {
    return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  // decode reads a page's data (see pagedata.go): a line of JSON, then the
  // nodes as variable-length numbers, steps and lines that came before
  // named by how many refs ago they came. It builds the trace the viewer
  // reads: each node's fields and where its state and steps are in the
  // data. A node's state (nodeState) and steps (stepsOf) are read when
  // it is shown: most nodes of a large trace never are, and making their
  // steps' objects was most of the time a large page took to open. This
  // pass reads every byte all the same, so that damaged data is refused
  // on opening, and keeps, as numbers, what reading a node's steps later
  // needs: the distinct steps' places (defs), the steps and lines in the
  // order they came (stepHist, lineHist).
  async function decode(b64) {
    let raw;
    if (Uint8Array.fromBase64) raw = Uint8Array.fromBase64(b64.trim());
    else {
      const bin = atob(b64.trim());
      raw = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) raw[i] = bin.charCodeAt(i);
    }
    const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("gzip"));
    const b = new Uint8Array(await new Response(stream).arrayBuffer());
    const nl = b.indexOf(10);
    if (nl < 0) throw new Error("the data has no head");
    const text = new TextDecoder();
    const head = JSON.parse(text.decode(b.subarray(0, nl)));
    if (head.version !== 3) throw new Error("the data is of version " + head.version + ", not 3");
    const page = head.page, t = page.trace;
    t.problem.options = head.options;
    let at = nl + 1;
    const cut = () => { throw new Error("the data is cut at byte " + at); };
    const uv = () => { // an unsigned varint, exact up to 2^53
      let v = 0, mul = 1, c;
      do { if (at >= b.length) cut(); c = b[at++]; v += (c & 127) * mul; mul *= 128; } while (c & 128);
      return v;
    };
    const zz = () => { const u = uv(); return u % 2 ? -(u + 1) / 2 : u / 2; };
    const n = uv(), nodes = new Array(n), children = new Int32Array(n);
    // defs: for each distinct step, the byte of its kind, and how many
    // lines and texts came before it (3 numbers a step).
    const texts = [], lineHist = new Ints(), defs = new Ints(), stepHist = new Ints();
    let updates = 0, cleansings = 0, solutions = 0;
    for (let j = 0; j < n; j++) {
      const gap = uv(), option = uv() - 1, flags = uv(), chosen = Math.floor(flags / 2) - 1;
      const nd = { node: j + 1, parent: -1, level: 0, item: -1, option, k: 0, d: 0, chosen, degree: chosen >= 0 ? zz() : 0 };
      if (j > 0) {
        const pa = nodes[j - gap];
        if (gap === 0 || !pa) throw new Error("node " + (j + 1) + " has no parent");
        nd.parent = j - gap; nd.level = pa.level + 1; nd.item = pa.chosen; nd.k = ++children[j - gap]; nd.d = pa.degree;
      }
      nd.solutions = solutions;
      nd.solution = flags % 2 ? ++solutions : 0;
      updates += uv(); cleansings += uv();
      nd.updates = updates; nd.cleansings = cleansings;
      const size = uv();
      nd.st = at;
      at += size;
      if (at > b.length) cut();
      nd.sp = at; nd.sh = stepHist.length; nd.sd = defs.length / 3;
      nd.steps = null;
      for (let s = uv(); s > 0; s--) {
        const ref = uv();
        if (2 * nd.level + zz() < 0) throw new Error("node " + (j + 1) + ": a step indented by less than 0");
        if (ref === 0) {
          defs.push(at); defs.push(lineHist.length); defs.push(texts.length);
          if (b[at++] >= head.kinds.length) throw new Error("node " + (j + 1) + ": a step of no kind, at byte " + (at - 1));
          for (let c = uv(); c > 0; c--) {
            uv();
            const lref = uv();
            if (lref === 0) {
              const size = uv();
              if (at + size > b.length) cut();
              lineHist.push(texts.length);
              texts.push(text.decode(b.subarray(at, at + size)));
              at += size;
            } else {
              if (lref > lineHist.length) throw new Error("node " + (j + 1) + " names a line that never came");
              lineHist.push(lineHist.a[lineHist.length - lref]);
            }
          }
          stepHist.push(defs.length / 3 - 1);
        } else {
          if (ref > stepHist.length) throw new Error("node " + (j + 1) + " names a step that never came");
          stepHist.push(stepHist.a[stepHist.length - ref]);
        }
      }
      const nops = uv();
      if (nops) {
        nd.ops = new Array(nops);
        for (let o = 0; o < nops; o++) {
          const op = { kind: head.opKinds[b[at++]], step: uv(), x: uv(), w: [], r: [] };
          for (let c = uv(); c > 0; c--) op.w.push(b[at++], uv(), zz(), zz());
          for (let c = uv(); c > 0; c--) op.r.push(b[at++], uv());
          nd.ops[o] = op;
        }
      }
      nodes[j] = nd;
    }
    if (at !== b.length) throw new Error((b.length - at) + " bytes after the last node");
    t.raw = b;
    t.kinds = head.kinds;
    t.texts = texts;
    t.lineHist = lineHist.a;
    t.defs = defs.a;
    t.stepHist = stepHist.a;
    t.stepDefs = new Map(); // the distinct steps read so far, by number
    t.nodes = nodes;
    return page;
  }

  // Ints is a list of numbers that grows, in an Int32Array: the opening
  // pass keeps millions of them (a plain array of them took a quarter
  // more of its time).
  class Ints {
    constructor() { this.a = new Int32Array(1 << 16); this.length = 0; }
    push(x) {
      if (this.length === this.a.length) { const a = new Int32Array(2 * this.a.length); a.set(this.a); this.a = a; }
      this.a[this.length++] = x;
    }
  }

  // varints reads variable-length numbers from the data at T.raw, from byte
  // at: uv (unsigned), zz (zigzag) and pos (the byte it has come to). The
  // data was checked as it was opened.
  function varints(at) {
    const b = T.raw;
    const r = {
      uv() {
        let v = 0, mul = 1, c;
        do { c = b[at++]; v += (c & 127) * mul; mul *= 128; } while (c & 128);
        return v;
      },
      zz() { const u = r.uv(); return u % 2 ? -(u + 1) / 2 : u / 2; },
      byte() { return b[at++]; },
      pos() { return at; },
      skip(n) { at += n; },
    };
    return r;
  }

  // stepDef reads distinct step number id once: its kind, its lines as
  // pairs (indent, text number), and the byte after it.
  function stepDef(id) {
    let e = T.stepDefs.get(id);
    if (e) return e;
    const d = T.defs, r = varints(d[3 * id]);
    let lh = d[3 * id + 1], tx = d[3 * id + 2];
    e = { kind: T.kinds[r.byte()], lines: [] };
    for (let c = r.uv(); c > 0; c--, lh++) {
      const inner = r.uv(), lref = r.uv();
      if (lref === 0) { r.skip(r.uv()); e.lines.push(inner, tx++); } else e.lines.push(inner, T.lineHist[lh - lref]);
    }
    e.end = r.pos();
    T.stepDefs.set(id, e);
    return e;
  }

  // stepsOf reads a node's steps once: each {kind, indent, e}, e its
  // distinct step (stepDef), whose lines stepLines makes.
  function stepsOf(nd) {
    if (nd.steps) return nd.steps;
    const r = varints(nd.sp), ns = r.uv(), steps = new Array(ns);
    let sh = nd.sh, sd = nd.sd;
    for (let s = 0; s < ns; s++, sh++) {
      const ref = r.uv(), indent = 2 * nd.level + r.zz();
      let e;
      if (ref === 0) {
        e = stepDef(sd++);
        r.skip(e.end - r.pos());
      } else e = stepDef(T.stepHist[sh - ref]);
      steps[s] = { kind: e.kind, indent, e };
    }
    nd.steps = steps;
    return steps;
  }

  // nodeState reads a node's state from the data once: the primary items
  // whose counts changed (see explain.TraceNode), the items covered and
  // the options hidden since its parent.
  function nodeState(nd) {
    if (nd.active) return nd;
    const b = T.raw, g = T.problem.mcc ? 5 : 2;
    let at = nd.st;
    const uv = () => {
      let v = 0, mul = 1, c;
      do { c = b[at++]; v += (c & 127) * mul; mul *= 128; } while (c & 128);
      return v;
    };
    const zz = () => { const u = uv(); return u % 2 ? -(u + 1) / 2 : u / 2; };
    const groups = uv(), active = [];
    for (let x = 0, prev = -1; x < groups; x++) {
      prev += uv();
      active.push(prev, uv());
      if (g === 5) active.push(uv(), uv(), zz());
    }
    for (const f of ["covered", "hidden"]) {
      const c = uv(), list = new Array(c);
      for (let x = 0, prev = -1; x < c; x++) { prev += uv(); list[x] = prev; }
      nd[f] = list;
    }
    nd.active = active;
    return nd;
  }

  // load shows a page's data: {title, trace, board}.
  function load(data) {
    T = data.trace;
    G = null; L = null; micro = 0;
    microMode = microMode && !!T.links;
    $("micro-box").hidden = !T.links;
    $("micro").checked = microMode;
    B = data.board || null;
    loadHuman(data.rating);
    document.title = data.title + " · xcover explain";
    $("title").textContent = data.title;
    solutionsAt = [];
    T.nodes.forEach((nd, j) => { if (nd.solution) solutionsAt.push(j); });
    treeLayout = T.nodes.length <= TREE_NODES ? layoutTree() : null;
    $("board-panel").hidden = !B;
    $("partial").className = B ? "compact" : "";
    $("nodes").textContent = T.nodes.length + (T.complete ? "" : " (" + stoppedText() + ")");
    $("cleansings-box").hidden = !T.problem.mcc;
    $("headertext").textContent = T.header.join("\n");
    $("footer").textContent = T.footer.join("\n");
    $("jump").max = T.nodes.length;
    $("viewer").hidden = T.nodes.length === 0;
    drawTree(); // once the viewer is shown: it fits the tree to its width
    $("status").textContent = T.nodes.length === 0 ? "(the search has no node)" : "";
    const m = /node=(\d+)/.exec(location.hash); // a link to a node: page.html#node=40
    cur = m ? Math.max(0, T.nodes.findIndex((nd) => nd.node === +m[1])) : 0;
    show();
    document.body.dataset.loads = +(document.body.dataset.loads || 0) + 1;
    document.body.dataset.ready = "1";
  }

  // stoppedText says why a trace stopped before the search's end.
  function stoppedText() {
    switch (T.status) {
      case "node-limit": return "stopped at " + T.limit + " nodes: the search goes on";
      case "byte-limit": return "stopped at the trace's budget of memory, " + bytesText(T.budget) + ": the search goes on";
      case "timeout": return "stopped by the time limit: the search goes on";
      default: return "stopped (" + T.status + "): the search goes on";
    }
  }

  // bytesText writes an amount of memory as xcover does: binary units,
  // three significant digits ("48MiB", "65.8KiB").
  function bytesText(n) {
    if (n < 1024) return n + "B";
    let x = n / 1024, u = 0;
    while (x >= 1023.5 && u < 4) { x /= 1024; u++; }
    return (x >= 100 ? x.toFixed(0) : String(+x.toPrecision(3))) + "KMGTP"[u] + "iB";
  }

  // state rebuilds what the links look like as node j is entered: the
  // items covered, the options hidden, the partial solution, and the
  // active primary items with their counts (a node lists those whose
  // counts changed since its parent), in declaration order.
  function state(j) {
    const path = [];
    for (let k = j; k >= 0; k = T.nodes[k].parent) path.push(k);
    path.reverse();
    const covered = new Set(), hidden = new Set(), partial = [], active = new Map(), g = group();
    for (const k of path) {
      const nd = nodeState(T.nodes[k]);
      if (k !== path[0] && nd.option >= 0) partial.push(nd.option);
      nd.covered.forEach((i) => { covered.add(i); active.delete(i); });
      nd.hidden.forEach((o) => hidden.add(o));
      for (let x = 0; x + g <= nd.active.length; x += g) active.set(nd.active[x], nd.active.slice(x + 1, x + g));
    }
    return { path, covered, hidden, partial, active };
  }

  function itemName(i) { return T.problem.items[i]; }
  function optionText(k) {
    const o = T.problem.options[k];
    const items = o.items.map((i, j) => itemName(i) + (o.colors && o.colors[j] ? ":" + o.colors[j] : "")).join(" ");
    return o.label ? o.label + ": " + items : items;
  }
  function group() { return T.problem.mcc ? 5 : 2; }
  function bounds(i) {
    const b = T.problem.bounds && T.problem.bounds[i];
    if (!b || (b[0] === 1 && b[1] === 1)) return "";
    return b[0] === b[1] ? " [" + b[1] + "]" : " [" + b[0] + ".." + b[1] + "]";
  }

  function show() {
    if (!T || T.nodes.length === 0) return;
    cur = Math.max(0, Math.min(cur, T.nodes.length - 1));
    const nd = T.nodes[cur], st = state(cur);
    document.body.dataset.node = nd.node;
    document.body.dataset.micro = micro;
    const hash = "#node=" + nd.node + (lecture ? "&lecture" : "");
    if (location.hash !== hash) history.replaceState(null, "", hash); // the URL follows
    $("node").textContent = nd.node;
    $("level").textContent = nd.level;
    $("solutions").textContent = nd.solutions + (nd.solution ? 1 : 0);
    $("updates").textContent = nd.updates;
    $("cleansings").textContent = nd.cleansings;
    $("jump").value = nd.node;
    showWhy(nd);
    showItems(nd, st);
    showPartial(st);
    showMatrix(nd, st);
    showBoard(nd, st);
    chosenInView(); // once the board has its size, and so the items left theirs
    showPath(st);
    showTree(st);
    showNarration(nd, st);
    showLinks(nd);
    $("footer").hidden = cur !== T.nodes.length - 1;
  }

  function showWhy(nd) {
    const why = $("why");
    if (nd.solution) {
      why.innerHTML = '<span class="sol">Solution ' + nd.solution + ": every primary item is covered.</span>";
      return;
    }
    if (nd.chosen < 0) { // the trace stopped in this node, before its choice
      why.innerHTML = "<i>the trace stops here</i>";
      return;
    }
    const step = stepsOf(nd).find((s) => s.kind === "choose");
    const text = step ? stepLines(step, nd, null).map((l) => l.trim()).join(" ") : "";
    const cell = B && B.kind === "pieces" && /^[0-9a-z]{2}$/.test(itemName(nd.chosen)) ?
      " (the cell in row " + (parseInt(itemName(nd.chosen)[0], 36) + 1) + ", column " + (parseInt(itemName(nd.chosen)[1], 36) + 1) + ", outlined on the board)" : "";
    why.innerHTML = '<span class="item">' + esc(itemName(nd.chosen) + bounds(nd.chosen)) + "</span>" + esc(cell) + " " + esc(text);
  }

  function showItems(nd, st) {
    const g = group(), parts = [];
    for (const [i, c] of st.active) {
      const size = c[0];
      let label = itemName(i) + " " + size;
      if (g === 5) {
        const bound = c[1], need = c[2], deg = c[3];
        label = itemName(i) + " " + (need === bound ? "[" + bound + "]" : "[" + need + ".." + bound + "]") + " of " + size + " (" + (deg <= 0 ? "too few" : deg + (deg === 1 ? " branch" : " branches")) + ")";
      }
      const cls = "chip" + (i === nd.chosen ? " chosen" : "") + ((g === 5 ? c[3] <= 0 : size === 0) ? " empty" : "");
      parts.push('<span class="' + cls + '" data-item="' + esc(itemName(i)) + '" data-size="' + size + '">' + esc(label) + "</span>");
    }
    $("items-left").innerHTML = parts.length ? parts.join("") : "<i>none: every primary item is covered</i>";
  }

  // chosenInView scrolls the items left, when their panel scrolls (lecture
  // mode), so that the chosen item's chip is in view below the panel's
  // heading (it stays at the top); the panel alone, not the page, as
  // scrollIntoView would.
  function chosenInView() {
    const panel = $("items-panel"), chip = panel.querySelector(".chip.chosen");
    if (!chip) { panel.scrollTop = 0; return; }
    const heading = panel.querySelector("h2").offsetHeight;
    const top = chip.getBoundingClientRect().top - panel.getBoundingClientRect().top - panel.clientTop + panel.scrollTop;
    if (top < panel.scrollTop + heading || top + chip.offsetHeight > panel.scrollTop + panel.clientHeight) panel.scrollTop = Math.max(0, top - heading - 2);
  }

  function showPartial(st) {
    const p = $("partial");
    p.dataset.options = st.partial.map((k) => k + 1).join(" ");
    p.innerHTML = st.partial.length === 0 ? "<i>none yet</i>" :
      st.partial.map((k) => '<span class="opt">' + (k + 1) + ": " + esc(optionText(k)) + "</span>").join("");
  }

  // colorSymbols gives each color one character, as the terminal does.
  let symbols = null;
  function colorSymbol(c) {
    if (!symbols) {
      symbols = {};
      const order = [];
      let short = true;
      for (const o of T.problem.options) (o.colors || []).forEach((x) => {
        if (x && !(x in symbols)) { symbols[x] = x; order.push(x); short = short && [...x].length === 1 && x !== "0" && x !== "1"; }
      });
      if (!short) order.forEach((x, j) => { symbols[x] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[j] || "?"; });
      symbols.legend = short ? "" : "colors: " + order.map((x) => symbols[x] + " = " + x).join(", ");
    }
    return symbols[c];
  }

  function showMatrix(nd, st) {
    const P = T.problem, nItems = P.items.length, nOpts = P.options.length;
    const big = nItems > MATRIX_ITEMS || nOpts > MATRIX_OPTIONS;
    const inPartial = new Set(st.partial);
    // The chosen item's live options: the branches the node tries.
    const branches = new Set();
    if (nd.chosen >= 0) P.options.forEach((o, k) => { if (!st.hidden.has(k) && o.items.includes(nd.chosen)) branches.add(k); });
    let cols = [], rows = [];
    if (!big) {
      for (let i = 0; i < nItems; i++) cols.push(i);
      for (let k = 0; k < nOpts; k++) rows.push(k);
    } else {
      // A window where the eye is: the chosen item and the items of its
      // live options, the partial solution and the branches, then other
      // active items and live options, each in declaration order.
      const c = new Set(nd.chosen >= 0 ? [nd.chosen] : []), r = new Set(st.partial);
      for (const k of branches) if (r.size < MATRIX_OPTIONS + st.partial.length) { r.add(k); for (const i of P.options[k].items) if (c.size < MATRIX_ITEMS && !st.covered.has(i)) c.add(i); }
      for (let i = 0; i < nItems && c.size < MATRIX_ITEMS; i++) if (!st.covered.has(i)) c.add(i);
      for (let k = 0; k < nOpts && r.size < MATRIX_OPTIONS + st.partial.length; k++) if (!st.hidden.has(k)) r.add(k);
      cols = [...c].sort((a, b) => a - b);
      rows = [...r].sort((a, b) => a - b);
    }
    const activeItems = nItems - st.covered.size, live = nOpts - st.hidden.size;
    $("matrix-note").textContent = "(" + activeItems + " of " + nItems + " items active, " + live + " of " + nOpts + " options live" +
      (big && (activeItems > cols.length || live + st.partial.length > rows.length) ? "; a window of " + cols.length + " items and " + rows.length + " options around the chosen item" : "") + ")";
    const colOf = new Map(cols.map((i, j) => [i, j]));
    // The table as lines of cells, [class, content, title, span];
    // patchTable changes only the cells that differ from the table drawn.
    // The header has a cell for each item; an option's row has four: its
    // number, its mark, its 0s and 1s (cellsHTML) and its label.
    const head = [["num", ""], ["mark", ""]];
    for (const i of cols) {
      const cls = "col " + (i < P.primary ? "primary" : "secondary") + ([...itemName(i)].length > 2 ? " long" : "") + (st.covered.has(i) ? " gone" : "") + (i === nd.chosen ? " chosen" : "");
      head.push([cls, itemName(i), itemName(i) + bounds(i)]);
    }
    head.push(["", ""]);
    const lines = [{ tag: "th", cls: "", cells: head }];
    const width = cols.length;
    if (P.mcc) {
      const bound = new Map();
      for (const [i, c] of st.active) bound.set(i, c[1]);
      const row = cols.map((i) => bound.has(i) && !st.covered.has(i) ? "<b>" + bound.get(i) + "</b>" : "<b></b>");
      lines.push({ tag: "td", cls: "bounds", cells: [["num", ""], ["mark", ""], ["cells", row.join(""), "", width], ["label", "bound: how many more options each item may take"]] });
    }
    for (const k of rows) {
      const o = P.options[k], gone = st.hidden.has(k), mark = inPartial.has(k);
      const syms = new Array(width).fill(null);
      o.items.forEach((i, j) => { if (colOf.has(i)) syms[colOf.get(i)] = o.colors && o.colors[j] ? colorSymbol(o.colors[j]) : "1"; });
      const cells = [["num", String(k + 1)], ["mark", mark ? "*" : ""], ["cells", cellsHTML(syms, cols, st, gone && !mark), "", width], ["label", o.label || optionText(k)]];
      lines.push({ tag: "td", cls: (gone ? "hidden" : "") + (mark ? " inpartial" : "") + (branches.has(k) ? " branch" : ""), cells });
    }
    colorSymbol("");
    const legend = '<span class="key chosen">&nbsp;A&nbsp;</span> the chosen item · <span class="key branch">&nbsp;7&nbsp;</span> its live options, the branches · ' +
      '<span class="key inpartial">&nbsp;*&nbsp;</span> the partial solution · <span class="key gone">&nbsp;&nbsp;&nbsp;</span> covered items, hidden options (struck out)' +
      (P.primary < nItems ? ' · <span class="key secondary">X</span> secondary items' : "") + (symbols.legend ? " · " + esc(symbols.legend) : "");
    if (legend !== legendShown) { $("matrix-legend").innerHTML = legend; legendShown = legend; } // the same at every node of a page
    const m = $("matrix");
    patchTable(m, lines);
    drawn.table.style.setProperty("--columns", columnsBackground(cols, st, nd.chosen));
    drawn.table.style.setProperty("--digits", String(nOpts).length);
    // Scroll to the chosen item's first branch and its column.
    const row = m.querySelector("tr.branch") || m.querySelector("tr.inpartial"), col = m.querySelector("th.chosen");
    if (row) m.scrollTop = Math.max(0, row.offsetTop - 3 * row.offsetHeight);
    if (col && col.offsetLeft > m.clientWidth - 40) m.scrollLeft = col.offsetLeft - m.clientWidth / 2;
  }

  // cellsHTML is an option's 0s and 1s in the window's columns cols (syms:
  // its symbol in each column, null for a 0), one run of text a row: a
  // column is three characters wide, its symbol in the middle, a 1 in
  // bold (a color's symbol that may not be one character of the font's
  // width in a <b class="w"> three characters wide). A covered item's column,
  // and every column of a hidden option, shows nothing: its background
  // (columnsBackground, the row's) says why. A table of a cell for each
  // item and option was most of a step's time on a large matrix: the
  // browser laid out thousands of cells whenever the window moved.
  function cellsHTML(syms, cols, st, hidden) {
    let h = "";
    for (let j = 0; j < syms.length; j++) {
      const c = syms[j];
      if (hidden || st.covered.has(cols[j])) h += "   ";
      else if (c === null) h += " 0 ";
      else if (/^[!-~]$/.test(c)) h += " <b>" + esc(c) + "</b> "; // one character of the font's width
      else h += '<b class="w">' + esc(c) + "</b>";
    }
    return h;
  }

  // columnsBackground is the background of the rows' 0s and 1s: the
  // chosen item's column, and the covered items' columns, in their colors,
  // three characters a column as cellsHTML writes them.
  function columnsBackground(cols, st, chosen) {
    const stops = [];
    cols.forEach((i, j) => {
      const c = i === chosen ? "var(--chosen)" : st.covered.has(i) ? "var(--gone)" : "transparent";
      stops.push(c + " " + 3 * j + "ch " + 3 * (j + 1) + "ch");
    });
    return stops.length ? "linear-gradient(to right, " + stops.join(", ") + ")" : "none";
  }

  // patchTable makes the table in el (class m) show lines, each {tag,
  // cls, cells: [[class, content, title, span]]}, changing only the
  // elements and the properties that differ from what it drew last: a
  // step redraws the cells that changed. A cell with a span (the columns
  // it spans) holds HTML, the others text.
  let legendShown = null; // the matrix's legend drawn
  let drawn = null; // {table, trs: [{el, cls, cells: [{el, tag, cls, text, title, span}]}]}
  function patchTable(el, lines) {
    if (!drawn || drawn.table.parentNode !== el) {
      el.textContent = "";
      const table = document.createElement("table");
      table.className = "m";
      el.appendChild(table);
      drawn = { table, trs: [] };
    }
    const trs = drawn.trs;
    while (trs.length > lines.length) trs.pop().el.remove();
    lines.forEach((line, r) => {
      let tr = trs[r];
      if (!tr) {
        tr = trs[r] = { el: document.createElement("tr"), cls: "", cells: [] };
        drawn.table.appendChild(tr.el);
      }
      if (tr.cls !== line.cls) { tr.el.className = line.cls; tr.cls = line.cls; }
      const cs = tr.cells;
      while (cs.length > line.cells.length) cs.pop().el.remove();
      line.cells.forEach(([cls, text, title = "", span = 0], j) => {
        let c = cs[j];
        if (!c || c.tag !== line.tag) {
          const e = document.createElement(line.tag);
          if (c) tr.el.replaceChild(e, c.el); else tr.el.appendChild(e);
          c = cs[j] = { el: e, tag: line.tag, cls: "", text: "", title: "", span: 0 };
        }
        if (c.cls !== cls) { c.el.className = cls; c.cls = cls; }
        if (c.span !== span) { c.el.colSpan = Math.max(1, span); c.span = span; c.text = null; }
        if (c.text !== text) { if (span) c.el.innerHTML = text; else c.el.textContent = text; c.text = text; }
        if (c.title !== title) { c.el.title = title; c.title = title; }
      });
    });
  }

  function hue(name) {
    let x = 0;
    for (const ch of name) x = (x * 31 + ch.codePointAt(0)) % 360;
    return "hsl(" + ((x * 47) % 360) + ",55%,45%)";
  }

  function showBoard(nd, st) {
    const el = $("board");
    if (!B) { el.className = ""; el.innerHTML = ""; return; }
    el.className = B.kind + (B.box ? " box" + B.box : "");
    const n = B.rows * B.cols, value = new Array(n).fill(""), placed = new Array(n).fill(-1);
    st.partial.forEach((k) => B.options[k].forEach((c) => { value[c] = B.values[k]; placed[c] = k; }));
    const lastOpt = st.partial.length ? st.partial[st.partial.length - 1] : -1;
    const inPartial = new Set(st.partial);
    const cands = B.kind === "sudoku" || B.kind === "queens" ? new Array(n).fill(null).map(() => []) : null;
    if (cands) B.options.forEach((cs, k) => { if (!st.hidden.has(k) && !inPartial.has(k)) cs.forEach((c) => cands[c].push(B.values[k])); });
    // The chosen item on the board: the cells its live options fill
    // (where it may be covered), and the cell every one of them fills (the
    // item is that cell).
    const where = new Array(n).fill(0);
    let branches = 0;
    if (nd.chosen >= 0) T.problem.options.forEach((o, k) => {
      if (!st.hidden.has(k) && o.items.includes(nd.chosen)) { branches++; new Set(B.options[k]).forEach((c) => where[c]++); }
    });
    // A polyomino's cell item names its cell (row and column in base 36).
    const cn = nd.chosen >= 0 ? itemName(nd.chosen) : "";
    const named = B.kind === "pieces" && /^[0-9a-z]{2}$/.test(cn) ? parseInt(cn[0], 36) * B.cols + parseInt(cn[1], 36) : -1;
    const sym = (v) => (B.symbols && +v >= 1 && +v <= B.symbols.length ? B.symbols[+v - 1] : String(v));
    const h = ["<table>"];
    for (let r = 0; r < B.rows; r++) {
      h.push("<tr>");
      for (let c = 0; c < B.cols; c++) {
        const x = r * B.cols + c;
        let cls = [], text = "", style = "";
        if (where[x] > 0) cls.push(x === named || (named < 0 && where[x] === branches) ? "target" : "place");
        if (B.kind === "sudoku") {
          if ((c + 1) % B.box === 0 && c + 1 < B.cols) cls.push("boxr");
          if ((r + 1) % B.box === 0 && r + 1 < B.rows) cls.push("boxb");
          const given = B.cells[x];
          if (given !== 0) { cls.push("given"); text = given > 0 ? esc(sym(given)) : "?"; }
          else if (placed[x] >= 0) { cls.push("placed"); text = esc(sym(value[x])); if (placed[x] === lastOpt) cls.push("last"); }
          else {
            // Pencil marks: value v in place v of a box-by-box grid.
            const has = new Set(cands[x].map(Number));
            if (has.size === 0) cls.push("nocand");
            const marks = [];
            for (let v = 1; v <= B.rows; v++) marks.push("<i>" + (has.has(v) ? esc(sym(v)) : "") + "</i>");
            text = '<span class="cands" style="grid-template-columns:repeat(' + B.box + ',1fr)">' + marks.join("") + "</span>";
          }
        } else if (B.kind === "queens") {
          if ((r + c) % 2) cls.push("dark");
          if (placed[x] >= 0) text = "♛";
          else if (cands[x].length) cls.push("free");
        } else {
          if (!B.cells[x]) cls.push("hole");
          else if (placed[x] >= 0) { cls.push("piece"); text = esc(value[x]); style = "background:" + hue(value[x]); }
        }
        h.push('<td class="' + cls.join(" ") + '"' + (style ? ' style="' + style + '"' : "") + ">" + text + "</td>");
      }
      h.push("</tr>");
    }
    h.push("</table>");
    const legend = {
      sudoku: '<span class="key given">5</span> given · <span class="key placed">5</span> placed · <span class="key last">5</span> placed last · <span class="marks-on">small: the values still possible (pencil marks)</span><span class="marks-off">pencil marks hidden: the cells are too small for them (a larger window shows them)</span> · <span class="key nocand">&nbsp;</span> none left',
      queens: '<span class="key free">&nbsp;</span> a square a queen may still take',
      pieces: '<span class="key hole">&nbsp;</span> not part of the board',
    }[B.kind];
    h.push('<div class="legend">' + legend + (nd.chosen < 0 ? "" : ' · <span class="key target">&nbsp;</span> the chosen item (' + esc(itemName(nd.chosen)) +
      ') · <span class="key place">&nbsp;</span> the cells its options may fill') + "</div>");
    el.innerHTML = h.join("");
    fitBoard();
  }

  // The board's cells are sized from the space its panel has (the CSS
  // variables --cell and --marks on #board): as wide as the panel allows,
  // and in lecture mode as tall as the column leaves once the other panels
  // have their least height (their CSS min-height), with the legend beside
  // the board when that leaves larger cells than below it.
  const BOARD_SHARE = 0.6; // of the right column in lecture mode at most: the rest is the items left, the partial solution, the path and the narration
  const CELL_MAX = 26, CELL_MAX_LECTURE = 48; // px: the cells' size when there is room
  const CELL_MIN = 14; // px: the smallest cell whose value (a digit or letter, a queen, a piece's name) stays legible; below, the panel scrolls
  const MARK_MIN = 7; // px: the smallest legible pencil mark; a Sudoku's cell holds box×box of them, so a 9×9's cells need 23px, a 16×16's 30px, or the marks are hidden
  const MARK_MAX = 13; // px: larger marks would read as values
  const LEGEND_BESIDE = 150; // px: the narrowest legend beside the board
  let fitted = ""; // what the board's size was found for
  function fitBoard() {
    const el = $("board"), panel = $("board-panel"), table = el.firstElementChild;
    if (!B || panel.hidden || !table) return;
    const legend = el.querySelector(".legend"), gap = 10;
    const cellMax = B.kind === "sudoku" && !lecture ? Math.max(CELL_MAX, B.box * 8 + 2) : lecture ? CELL_MAX_LECTURE : CELL_MAX;
    const W = el.clientWidth;
    let H = Infinity;
    if (lecture) {
      const right = $("right"), margin = (p) => parseFloat(getComputedStyle(p).marginBottom);
      let others = 0;
      for (const p of right.children) if (p !== panel && p.offsetParent) others += parseFloat(getComputedStyle(p).minHeight) + margin(p);
      H = Math.min(right.clientHeight * BOARD_SHARE, right.clientHeight - others - margin(panel)) - (panel.offsetHeight - el.offsetHeight);
    }
    // A step redraws the board in the same space with much the same legend:
    // the size found for them stays (the classes and variables are on
    // #board, which the redrawing keeps), and the step lays the page out once.
    const key = [W, H, lecture, B.kind, B.rows, B.cols, lecture ? legend.textContent : ""].join(); // the legend's height counts in lecture mode alone
    if (key === fitted) return;
    fitted = key;
    el.classList.remove("beside");
    const set = (cell) => {
      const c = Math.max(CELL_MIN, cell);
      el.style.setProperty("--cell", c + "px");
      el.classList.toggle("nomarks", B.kind === "sudoku" && c < B.box * MARK_MIN + 2);
      if (B.kind === "sudoku") el.style.setProperty("--marks", Math.min(MARK_MAX, Math.floor((c - 2) / B.box)) + "px");
    };
    const fit = (w, h) => Math.floor(Math.min(cellMax, w / B.cols, h / B.rows));
    let room = () => [W, H - legend.offsetHeight - 4]; // the legend below
    let cell = fit(...room());
    if (lecture) {
      const besideRoom = () => [W - LEGEND_BESIDE - gap, H], c = fit(...besideRoom());
      if (c > cell) {
        set(c);
        el.classList.add("beside");
        if (legend.offsetHeight <= H) { cell = c; room = besideRoom; } else el.classList.remove("beside");
      }
    }
    set(cell);
    // The count above leaves out the cells' borders: the cells shrink a
    // pixel at a time until the table fits (a step or two).
    for (;;) {
      const [w, h] = room();
      if (cell <= CELL_MIN || (table.offsetWidth <= w && table.offsetHeight <= h)) break;
      set(--cell);
    }
  }
  if (window.ResizeObserver) new ResizeObserver(() => { fitBoard(); chosenInView(); }).observe($("right"));

  // The human solving path of a rated Sudoku (rating.go): its own board,
  // the grid as a person has it before the step shown, the step's cells
  // outlined, the value it places and the candidates it rules out marked
  // among the pencil marks. The pencil marks start as the problem's
  // options (a value a cell may take) and each step takes its share.
  let R = null, hpCur = 0, hpStates = null, hpScroll = null;
  function loadHuman(rating) {
    R = rating && B && B.kind === "sudoku" ? rating : null;
    hpCur = 0; hpStates = null;
    $("human-panel").hidden = !R;
    if (!R) return;
    $("hp-rating").textContent = "rated " + R.hardest + (R.level ? " (" + R.level + ")" : "") + ", " + R.total + " step" + (R.total === 1 ? "" : "s");
    const h = R.steps.map((s, k) => '<li data-k="' + k + '">' + esc(s.say) + "</li>");
    h.push('<li data-k="' + R.steps.length + '" class="hp-stop">' + esc(humanEnd()) + "</li>");
    $("hp-list").innerHTML = h.join("");
    showHuman();
  }
  // humanEnd says where the path ends.
  function humanEnd() {
    if (R.steps.length < R.total) return "the page carries the first " + R.steps.length + " of the path's " + R.total + " steps";
    if (R.dead) return "the techniques stop here: a cell or a unit has no candidate left, so the puzzle has no solution";
    if (R.open > 0) return "the techniques stop here, with " + R.open + " cell" + (R.open === 1 ? "" : "s") + " open: the search (the rest of this page) settles them";
    return "solved: every cell is filled";
  }
  // humanState returns the grid and pencil marks before step k.
  function humanState(k) {
    if (!hpStates) {
      const n = B.rows * B.cols, value = B.cells.slice(), cands = new Array(n).fill(null).map(() => new Set());
      B.options.forEach((cs, o) => cs.forEach((c) => cands[c].add(+B.values[o])));
      hpStates = [{ value, cands }];
    }
    const n = B.rows, box = B.box;
    while (hpStates.length <= k) {
      const prev = hpStates[hpStates.length - 1], s = R.steps[hpStates.length - 1];
      const value = prev.value.slice(), cands = prev.cands.map((c) => new Set(c));
      (s.removed || []).forEach(([x, v]) => cands[x].delete(v));
      if (s.placed) {
        const [x, v] = s.placed, r = Math.floor(x / n), c = x % n;
        value[x] = v; cands[x].clear();
        for (let y = 0; y < n * n; y++) {
          const ry = Math.floor(y / n), cy = y % n;
          if (ry === r || cy === c || (Math.floor(ry / box) === Math.floor(r / box) && Math.floor(cy / box) === Math.floor(c / box))) cands[y].delete(v);
        }
      }
      hpStates.push({ value, cands });
    }
    return hpStates[k];
  }
  function humanStep(d) { if (R) { hpCur = Math.max(0, Math.min(R.steps.length, hpCur + d)); showHuman(); } }
  function showHuman() {
    const st = humanState(hpCur), s = R.steps[hpCur] || null;
    document.body.dataset.hpStep = hpCur;
    $("hp-pos").textContent = s ? "step " + (hpCur + 1) + " of " + R.steps.length : "the end of the path";
    $("hp-say").textContent = s ? s.say : humanEnd();
    $("hp-items").textContent = s ? s.items : "";
    const cells = new Set(s ? s.cells : []), out = new Set((s && s.removed || []).map(([x, v]) => x * 1000 + v));
    const put = s && s.placed ? s.placed[0] * 1000 + s.placed[1] : -1;
    const sym = (v) => (B.symbols && v >= 1 && v <= B.symbols.length ? B.symbols[v - 1] : String(v));
    const h = ["<table>"];
    for (let r = 0; r < B.rows; r++) {
      h.push("<tr>");
      for (let c = 0; c < B.cols; c++) {
        const x = r * B.cols + c, cls = [];
        if ((c + 1) % B.box === 0 && c + 1 < B.cols) cls.push("boxr");
        if ((r + 1) % B.box === 0 && r + 1 < B.rows) cls.push("boxb");
        if (cells.has(x)) cls.push("hp-cell");
        let text;
        if (B.cells[x] !== 0) { cls.push("given"); text = B.cells[x] > 0 ? esc(sym(B.cells[x])) : "?"; }
        else if (st.value[x] > 0) { cls.push("placed"); text = esc(sym(st.value[x])); }
        else {
          const marks = [];
          for (let v = 1; v <= B.rows; v++) {
            const m = x * 1000 + v, k = m === put ? ' class="hp-put"' : out.has(m) ? ' class="hp-out"' : "";
            marks.push("<i" + k + ">" + (st.cands[x].has(v) ? esc(sym(v)) : "") + "</i>");
          }
          text = '<span class="cands" style="grid-template-columns:repeat(' + B.box + ',1fr)">' + marks.join("") + "</span>";
        }
        h.push('<td class="' + cls.join(" ") + '">' + text + "</td>");
      }
      h.push("</tr>");
    }
    h.push("</table>");
    h.push('<div class="legend"><span class="key hp-cell">&nbsp;</span> the step\'s cells · <span class="key hp-put">5</span> the value it places · <span class="key hp-out">5</span> the candidates it rules out</div>');
    $("hp-board").innerHTML = h.join("");
    $("hp-list").querySelectorAll("li.cur").forEach((li) => li.classList.remove("cur"));
    const li = $("hp-list").children[hpCur];
    if (li) li.classList.add("cur");
    // The list follows the step, scrolled once a frame (it takes a
    // layout of the page), and only the list, not the page.
    if (!hpScroll) hpScroll = requestAnimationFrame(() => {
      hpScroll = null;
      const list = $("hp-list"), at = list.children[hpCur];
      if (!at) return;
      if (at.offsetTop < list.scrollTop) list.scrollTop = at.offsetTop;
      else if (at.offsetTop + at.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = at.offsetTop + at.offsetHeight - list.clientHeight;
    });
  }

  function showPath(st) {
    const h = [];
    for (const k of st.path.slice(1)) {
      const nd = T.nodes[k];
      const what = nd.option >= 0 ? "option " + (nd.option + 1) + " (" + optionText(nd.option) + ")" : "null branch";
      let boxes = "";
      if (nd.d <= 40) for (let b = 1; b <= nd.d; b++) boxes += '<span class="br' + (b < nd.k ? " done" : b === nd.k ? " cur" : "") + '"></span>';
      h.push('<div class="lvl">level ' + (nd.level - 1) + ": " + esc(itemName(nd.item)) + ", branch " + nd.k + " of " + nd.d + " " + boxes + " " + esc(what) + "</div>");
    }
    $("path").innerHTML = h.length ? h.join("") : '<div class="lvl">the root</div>';
  }

  // layoutTree places the nodes: leaves left to right in the order the
  // search meets them, a parent above the middle of its children.
  function layoutTree() {
    const children = T.nodes.map(() => []);
    T.nodes.forEach((nd, j) => { if (nd.parent >= 0) children[nd.parent].push(j); });
    const x = new Array(T.nodes.length), y = T.nodes.map((nd) => nd.level);
    let next = 0;
    // Iteratively, for deep trees: a preorder, then parents from the last.
    const order = [];
    const stack = [0];
    while (stack.length) { const j = stack.pop(); order.push(j); for (let c = children[j].length - 1; c >= 0; c--) stack.push(children[j][c]); }
    for (const j of order) if (children[j].length === 0) x[j] = next++;
    for (let m = order.length - 1; m >= 0; m--) { const j = order[m], cs = children[j]; if (cs.length) x[j] = (x[cs[0]] + x[cs[cs.length - 1]]) / 2; }
    return { x, y, width: Math.max(next, 1), depth: Math.max(...y) + 1 };
  }

  // drawTree draws the whole tree once; showTree marks the path.
  let treeMarked = [];
  function drawTree() {
    const el = $("tree");
    treeMarked = [];
    if (!treeLayout) {
      $("tree-note").textContent = "(" + T.nodes.length + " nodes: the path only; the whole tree is drawn up to " + TREE_NODES + ")";
      el.innerHTML = "";
      return;
    }
    $("tree-note").textContent = "(" + T.nodes.length + " nodes; click one to go there)";
    // As wide as the panel: a big tree becomes a picture of its shape, and
    // the path above it tells the details.
    const room = Math.max(300, el.clientWidth - 24);
    const L = treeLayout, dx = Math.min(28, room / L.width), dy = L.depth > 30 ? 12 : 26, r = Math.max(1.2, Math.min(6, dx / 2.5));
    const W = L.width * dx + 20, H = L.depth * dy + 20;
    const h = ['<svg width="' + W + '" height="' + H + '" viewBox="0 0 ' + W + " " + H + '">'];
    const px = (j) => 10 + L.x[j] * dx + dx / 2, py = (j) => 10 + L.y[j] * dy;
    T.nodes.forEach((nd, j) => {
      if (nd.parent >= 0) h.push('<line id="te' + j + '" x1="' + px(nd.parent) + '" y1="' + py(nd.parent) + '" x2="' + px(j) + '" y2="' + py(j) + '" stroke="#c9ced6"' + (nd.option < 0 ? ' stroke-dasharray="3 2"' : "") + "/>");
    });
    T.nodes.forEach((nd, j) => {
      const fill = nd.solution ? "#1a7f37" : nd.chosen >= 0 && nd.degree <= 0 ? "#cf222e" : "#fff";
      h.push('<circle id="tn' + j + '" data-j="' + j + '" cx="' + px(j) + '" cy="' + py(j) + '" r="' + r + '" fill="' + fill + '" stroke="#8c959f"><title>node ' + nd.node + "</title></circle>");
    });
    h.push("</svg>");
    el.innerHTML = h.join("");
  }

  function showTree(st) {
    if (!treeLayout) return;
    for (const e of treeMarked) e.classList.remove("onpath", "cur");
    treeMarked = [];
    for (const j of st.path) {
      for (const id of ["tn" + j, "te" + j]) {
        const e = document.getElementById(id);
        if (e) { e.classList.add("onpath"); treeMarked.push(e); }
      }
    }
    const c = document.getElementById("tn" + cur);
    c.classList.add("cur");
  }

  // stepLines are a step's lines of the narration, indented; the lines
  // derived from the node's state (nd, and st = state(j)) made here.
  function stepLines(step, nd, st) {
    const out = [], e = step.e;
    for (let x = 0; x < e.lines.length; x += 2) {
      let text = T.texts[e.lines[x + 1]];
      if (text === DERIVED_NODE || text === DERIVED_ACTIVE || text === DERIVED_TRY) text = derivedLine(text, nd, st);
      out.push(" ".repeat(step.indent + e.lines[x]) + text);
    }
    return out;
  }

  // derivedLine makes a line the data leaves to the page (see the Go
  // package's derived.go, which makes the same text): the node's first
  // line, its items left to cover, or the Try that leads to the next node,
  // with the narrator's words and limits.
  const DERIVED_NODE = "\u0000node", DERIVED_ACTIVE = "\u0000active", DERIVED_TRY = "\u0000try";
  const LISTED_ITEMS = 20, LISTED_PARTIAL = 12;
  function derivedLine(mark, nd, st) {
    if (mark === DERIVED_TRY) {
      const next = T.nodes[nd.node]; // nodes are numbered from 1: the next one
      const k = next.k, suffix = k % 100 >= 11 && k % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[k % 10] || "th";
      return "Try option " + (next.option + 1) + " (" + optionText(next.option) + "), the " + k + suffix + " of " + itemName(next.item) + "'s " +
        (next.d === 1 ? "1 option" : next.d + " options") + ".";
    }
    if (mark === DERIVED_NODE) {
      const p = st.partial, nums = (list) => list.map((k) => k + 1).join(", ");
      const what = p.length === 0 ? "none yet" : p.length > LISTED_PARTIAL ? p.length + " options, the last of them " + nums(p.slice(p.length - LISTED_PARTIAL / 2)) :
        (p.length === 1 ? "option " : "options ") + nums(p);
      return "Node " + nd.node + " at level " + nd.level + "; partial solution: " + what + ".";
    }
    const active = [...st.active].map(([i, c]) => [i, c[0]]).sort((a, b) => a[0] - b[0]);
    const list = (items) => items.map(([i, size]) => itemName(i) + " " + size).join(", ");
    if (active.length <= LISTED_ITEMS) return "Items left to cover, with their numbers of options: " + list(active) + ".";
    const fewest = active.slice().sort((a, b) => a[1] - b[1] || a[0] - b[0]); // stable: by size, then declaration
    return active.length + " items left to cover; the " + LISTED_ITEMS + " with the fewest options: " + list(fewest.slice(0, LISTED_ITEMS)) + ".";
  }

  function showNarration(nd, st) {
    const h = stepsOf(nd).map((s) => '<span class="step step-' + s.kind + '">' + esc(stepLines(s, nd, st).join("\n")) + "\n</span>");
    const el = $("narration");
    el.innerHTML = h.join("");
  }

  // The links view: Knuth's arrays themselves (T.links, as the search
  // begins), drawn as his toroidal grid, and moved by the trace's
  // elementary operations (each node's ops, applied in order from the
  // first node's on). A position is a node and how many of its operations
  // are done: node steps show each node as it is entered, micro-steps
  // every operation between, the cells it writes marked, and on an undo
  // the remembered cells it reads to restore them.
  const FIELDS = ["LLINK", "RLINK", "ULINK", "DLINK", "TOP", "COLOR", "BOUND"];
  const OP_TEXT = {
    cover: "cover: the item leaves the item list (LLINK/RLINK); its options are hidden next",
    hide: "hide: the node's option leaves the lists of its other items (ULINK/DLINK, LEN)",
    uncover: "uncover: the item goes back into the item list, from its own LLINK and RLINK",
    unhide: "unhide: the option goes back into the lists it left, from its nodes' own ULINK and DLINK",
    purify: "purify: the item takes this node's color; options of other colors are hidden next",
    mark: "mark: the node agrees with its item's color (COLOR ← −1)",
    unpurify: "unpurify: undoing purify begins",
    unmark: "unmark: the node's COLOR is its color again",
    lower: "lower: the item's BOUND goes down by one",
    raise: "raise: the item's BOUND goes back up",
    tweak: "tweak: the node leaves its own item's list",
    untweak: "untweak: the nodes tweaked in the item's list go back at once",
    deactivate: "deactivate: the item leaves the item list, its options untouched (null branch)",
    activate: "activate: the item goes back into the item list",
  };
  let micro = 0; // operations of node cur done, in micro-steps
  let microMode = false;
  let L = null; // the arrays as now: {pos: [node, ops done], a: [7 arrays]}

  function linksUsable(j) { return T.links && j < T.links.nodes; }
  function opsOf(j) { return (T.nodes[j] && T.nodes[j].ops) || []; }

  // linksAt brings the arrays to node j with m of its operations done,
  // applying operations forward or undoing them (their before values)
  // from wherever they were.
  function linksAt(j, m) {
    const K = T.links;
    if (!L) L = { j: 0, m: 0, a: [K.llink, K.rlink, K.ulink, K.dlink, K.top, K.color, K.bound || []].map((x) => x.slice()) };
    const apply = (op, fwd) => {
      const w = op.w;
      if (fwd) for (let x = 0; x < w.length; x += 4) L.a[w[x]][w[x + 1]] = w[x + 3];
      else for (let x = w.length - 4; x >= 0; x -= 4) L.a[w[x]][w[x + 1]] = w[x + 2];
    };
    const before = (aj, am, bj, bm) => aj < bj || (aj === bj && am < bm);
    while (before(L.j, L.m, j, m)) {
      const ops = opsOf(L.j);
      if (L.m < ops.length) apply(ops[L.m++], true);
      else { L.j++; L.m = 0; }
    }
    while (before(j, m, L.j, L.m)) {
      if (L.m > 0) apply(opsOf(L.j)[--L.m], false);
      else { L.j--; L.m = opsOf(L.j).length; }
    }
    return L.a;
  }

  // linksGeometry places Knuth's nodes once per trace: item i's header
  // (and list) in column i, the root 0 at the left, N+1 (the head of the
  // secondary items) after N; option k's nodes in row k under their items;
  // each spacer at the right end of the row of the option before it.
  let G = null;
  function linksGeometry() {
    const K = T.links, n = K.llink.length - 2, nodes = K.top.length;
    const row = new Int32Array(nodes), col = new Int32Array(nodes);
    let r = 0;
    for (let x = 1; x <= n; x++) { row[x] = 0; col[x] = x; }
    for (let x = n + 1; x < nodes; x++) {
      if (x === n + 1 || K.top[x] <= 0) { row[x] = r; col[x] = n + 2; r++; continue; } // a spacer
      row[x] = r; col[x] = K.top[x];
    }
    const CW = 40, RH = 34, PAD = 30;
    return { n, nodes, row, col, rows: r, CW, RH, PAD, x: (c) => PAD + c * CW, y: (rr) => PAD + 18 + rr * RH };
  }

  function showLinks(nd) {
    const panel = $("links-panel");
    if (!T.links) { panel.hidden = true; return; }
    panel.hidden = false;
    if (!linksUsable(cur)) {
      $("links").innerHTML = "";
      $("links-op").textContent = "the trace tells the operations of its first " + T.links.nodes + " nodes only";
      return;
    }
    if (!G) G = linksGeometry();
    const K = T.links, a = linksAt(cur, micro), [llink, rlink, ulink, dlink, top, color, bound] = a;
    const ops = opsOf(cur), op = micro > 0 ? ops[micro - 1] : null;
    const written = new Set(), read = new Set();
    if (op) {
      for (let x = 0; x < op.w.length; x += 4) written.add(op.w[x] + ":" + op.w[x + 1]);
      for (let x = 0; x < op.r.length; x += 2) read.add(op.r[x] + ":" + op.r[x + 1]);
    } else if (!microMode) for (const c of stepChanges(cur).changed) written.add(c);
    const mark = (f, i) => (written.has(f + ":" + i) ? " w" : read.has(f + ":" + i) ? " r" : "");
    const n = G.n, X = G.x, Y = G.y, CW = G.CW, RH = G.RH;
    // Which items are in the item lists, which nodes in their item's list.
    const inItems = new Set();
    for (const h of [0, n + 1]) { inItems.add(h); for (let i = rlink[h], c = 0; i !== h && c <= n + 1; i = rlink[i], c++) inItems.add(i); }
    const inList = new Uint8Array(G.nodes);
    for (let i = 1; i <= n; i++) { inList[i] = 1; for (let x = dlink[i], c = 0; x !== i && c < G.nodes; x = dlink[x], c++) inList[x] = 1; }
    const W = X(n + 3) + 10, top0 = G.PAD, bottom = Y(G.rows) + 4;
    const h = ['<svg id="links-svg" viewBox="0 0 ' + W + " " + (bottom + 36) + '" width="' + W + '" role="img" aria-label="the dancing links">'];
    // An arrow: the link's path and its head at (ex, ey), pointing r, l, d or u.
    const head = { r: [-5, -3, -5, 3], l: [5, -3, 5, 3], d: [-3, -5, 3, -5], u: [-3, 5, 3, 5] };
    const arrow = (f, i, to, path, live, ex, ey, dir) => {
      const k = head[dir], tip = " M" + (ex + k[0]) + "," + (ey + k[1]) + " L" + ex + "," + ey + " L" + (ex + k[2]) + "," + (ey + k[3]);
      return '<path class="ln ' + FIELDS[f] + (live ? "" : " kept") + mark(f, i) + '" data-f="' + FIELDS[f] + '" data-i="' + i + '" data-to="' + to + '" d="' + path + tip + '"/>';
    };
    // The item lists: RLINK above the headers, LLINK below them.
    const hy = Y(0);
    for (let i = 0; i <= n + 1; i++) {
      const live = inItems.has(i), x0 = X(i);
      for (const [f, to, dy, dx] of [[1, rlink[i], -15, 4], [0, llink[i], 15, -4]]) {
        const x1 = X(to), yy = hy + dy;
        const way = f === 1 ? "r" : "l", dd = dy > 0 ? 3 : -3;
        if ((f === 1 && to > i) || (f === 0 && to < i)) h.push(arrow(f, i, to, "M" + (x0 + dx) + "," + yy + " L" + (x1 - dx) + "," + yy, live, x1 - dx, yy, way));
        else if (to === i) h.push(arrow(f, i, to, "M" + (x0 + dx) + "," + yy + " l" + dx * 2 + "," + 2 * dd + " l" + (-dx * 2) + ",0", live, x0 + dx, yy + 2 * dd, dx > 0 ? "l" : "r"));
        else h.push(arrow(f, i, to, "M" + (x0 + dx) + "," + yy + " L" + (f === 1 ? W - 4 : 4) + "," + yy + " M" + (f === 1 ? 4 : W - 4) + "," + (yy + dd) + " L" + (x1 - dx) + "," + (yy + dd), live, x1 - dx, yy + dd, way));
      }
    }
    // The vertical lists: DLINK on the right of a column, ULINK on the left.
    for (let x = 1; x < G.nodes; x++) {
      if (x > n && (x === n + 1 || K.top[x] <= 0)) continue;
      const cx = X(G.col[x]), cy = Y(G.row[x]), live = inList[x] === 1;
      for (const [f, to, off] of [[3, dlink[x], 5], [2, ulink[x], -5]]) {
        const ty = Y(G.row[to]), down = f === 3;
        const way = down ? "d" : "u", ey = ty + (down ? -8 : 8);
        if (down ? ty > cy : ty < cy) h.push(arrow(f, x, to, "M" + (cx + off) + "," + (cy + (down ? 8 : -8)) + " L" + (cx + off) + "," + ey, live, cx + off, ey, way));
        else if (to === x) h.push(arrow(f, x, to, "M" + (cx + off) + "," + (cy + (down ? 8 : -8)) + " l0," + (down ? 6 : -6) + " l" + (-off) + ",0", live, cx, cy + (down ? 14 : -14), off > 0 ? "l" : "r"));
        else h.push(arrow(f, x, to, "M" + (cx + off) + "," + (cy + (down ? 8 : -8)) + " L" + (cx + off) + "," + (down ? bottom : top0 + 14) +
          " M" + (cx + off) + "," + (down ? top0 + 14 : bottom) + " L" + (cx + off) + "," + ey, live, cx + off, ey, way));
      }
    }
    // The nodes.
    for (let i = 0; i <= n + 1; i++) {
      const cls = "hd" + (inItems.has(i) ? "" : " out") + (i === nd.chosen + 1 ? " chosen" : "");
      const name = i === 0 ? "root" : i === n + 1 ? "N+1" : itemName(i - 1);
      h.push('<g class="' + cls + '" data-item="' + i + '"><rect x="' + (X(i) - 15) + '" y="' + (hy - 9) + '" width="30" height="18" rx="3"/>' +
        '<text x="' + X(i) + '" y="' + (hy + 4) + '">' + esc(name.length > 5 ? name.slice(0, 5) : name) + "</text>");
      if (i >= 1 && i <= n) {
        h.push('<text class="len' + mark(4, i) + '" data-len="' + top[i] + '" x="' + X(i) + '" y="' + (top0 - 16) + '">' + top[i] + "</text>");
        if (K.bound && i < K.bound.length && i <= T.problem.primary) h.push('<text class="bnd' + mark(6, i) + '" x="' + X(i) + '" y="' + (top0 - 6) + '">' + bound[i] + "</text>");
      }
      h.push("</g>");
    }
    const opNodes = op ? new Set([op.x]) : new Set();
    for (let x = n + 1; x < G.nodes; x++) {
      const cx = X(G.col[x]), cy = Y(G.row[x]);
      if (x === n + 1 || K.top[x] <= 0) {
        h.push('<text class="sp" x="' + cx + '" y="' + (cy + 4) + '" data-node="' + x + '">' + x + " sp " + K.top[x] + "</text>");
        continue;
      }
      const c = color[x], cls = "nd" + (inList[x] ? "" : " out") + (c < 0 ? " marked" : "") + mark(5, x) + (opNodes.has(x) && !/cover|lower|raise|untweak|activate/.test(op.kind) ? " act" : "");
      const cname = c > 0 ? ":" + K.colors[c] : "";
      h.push('<g class="' + cls + '" data-node="' + x + '"><rect x="' + (cx - 12) + '" y="' + (cy - 8) + '" width="24" height="16" rx="2"/><text x="' + cx + '" y="' + (cy + 4) + '">' + x + esc(cname) + "</text></g>");
    }
    h.push('<text class="axis" x="4" y="' + (bottom + 10) + '">rows: options, each ended by a spacer (TOP −k); columns: items, LEN above</text>',
      '<text class="axis" x="4" y="' + (bottom + 20) + '">→ RLINK, ← LLINK; ↓ DLINK right of a column, ↑ ULINK left</text>',
      '<text class="axis" x="4" y="' + (bottom + 30) + '">dashed: the links a removed cell keeps, to dance back</text>');
    h.push('<text class="axis" x="4" y="' + (top0 - 16) + '">LEN</text>');
    if (K.bound) h.push('<text class="axis" x="4" y="' + (top0 - 6) + '">BOUND</text>');
    h.push("</svg>");
    $("links").innerHTML = h.join("");
    showOp(op, nd);
  }

  // stepChanges is what the node step into node j did to the arrays: the
  // operations of node j−1, in order, and the cells whose value they
  // changed (a cell written and then restored, as a cover undone within
  // the step, is not changed), as "field:index".
  function stepChanges(j) {
    const ops = j > 0 ? opsOf(j - 1) : [], first = new Map(), last = new Map();
    for (const op of ops) {
      for (let x = 0; x < op.w.length; x += 4) {
        const c = op.w[x] + ":" + op.w[x + 1];
        if (!first.has(c)) first.set(c, op.w[x + 2]);
        last.set(c, op.w[x + 3]);
      }
    }
    const changed = [...last.keys()].filter((c) => last.get(c) !== first.get(c));
    return { ops: ops.length, changed, restored: last.size - changed.length };
  }

  // showOp tells the operation just done, with every cell it wrote; on a
  // node step, what the step changed.
  function showOp(op, nd) {
    const el = $("links-op");
    if (!op) {
      const ops = opsOf(cur).length, plural = (k, w) => k + " " + w + (k === 1 ? "" : "s");
      let s = microMode ? "node " + nd.node + " entered: " + plural(ops, "operation") + " to its next node (→ steps through them)" :
        plural(ops, "operation") + " from this node to the next (press m for micro-steps)";
      if (!microMode && cur > 0) {
        const c = stepChanges(cur);
        s = "<b>from node " + T.nodes[cur - 1].node + " to this one: " + plural(c.ops, "operation") + " changed " +
          plural(c.changed.length, "cell") + '</b>, marked <span class="w">so</span>' +
          (c.restored ? " (" + plural(c.restored, "more cell") + " written and restored within the step)" : "") + "<br>" + s;
      }
      el.innerHTML = s;
      return;
    }
    const n = G.n, name = (x) => (op.kind === "cover" || op.kind === "uncover" || op.kind === "lower" || op.kind === "raise" || op.kind === "untweak" || /activate/.test(op.kind) ? itemName(x - 1) : "node " + x);
    const cell = (f, i) => (f === 4 && i <= n ? "LEN(" + itemName(i - 1) + ")" : FIELDS[f] + "(" + i + ")");
    const ws = [];
    for (let x = 0; x < op.w.length; x += 4) ws.push('<span class="w">' + cell(op.w[x], op.w[x + 1]) + " ← " + op.w[x + 3] + "</span> <small>(was " + op.w[x + 2] + ")</small>");
    const rs = [];
    for (let x = 0; x < op.r.length; x += 2) rs.push('<span class="r">' + cell(op.r[x], op.r[x + 1]) + "</span>");
    el.innerHTML = "<b>" + micro + "/" + opsOf(cur).length + " " + esc(op.kind) + "(" + esc(name(op.x)) + ")</b> " + esc(OP_TEXT[op.kind] || "") +
      "<br>writes " + (ws.length ? ws.join(", ") : "nothing") + (rs.length ? "<br>from the remembered " + rs.join(", ") : "");
    const steps = document.querySelectorAll("#narration .step");
    steps.forEach((s, k) => s.classList.toggle("now", k === op.step));
  }

  // Moving.
  function go(j) { cur = j; micro = 0; show(); }
  function step(d) {
    if (!T) return;
    if (microMode && linksUsable(cur) && Math.abs(d) === 1) { // one operation of the links
      const last = T.nodes.length - 1;
      if (d > 0 && micro < opsOf(cur).length) micro++;
      else if (d > 0 && cur < last) { cur++; micro = 0; }
      else if (d < 0 && micro > 0) micro--;
      else if (d < 0 && cur > 0) { cur--; micro = opsOf(cur).length; }
      show();
      return;
    }
    go(Math.max(0, Math.min(T.nodes.length - 1, cur + d)));
  }
  function setMicro(on) {
    microMode = on && !!T && !!T.links;
    $("micro").checked = microMode;
    micro = 0;
    show();
  }
  function nextSolution(dir) {
    if (!T) return;
    const list = dir > 0 ? solutionsAt.filter((j) => j > cur) : solutionsAt.filter((j) => j < cur).reverse();
    go(list.length ? list[0] : dir > 0 ? T.nodes.length - 1 : 0);
  }
  function jumpTo(n) {
    if (!T) return;
    const j = T.nodes.findIndex((nd) => nd.node === n);
    if (j >= 0) go(j);
  }
  function speed() { return SPEEDS[+$("speed").value]; }
  function setPlaying(on) {
    playing = on && T !== null;
    $("play").textContent = playing ? "pause" : "play";
    if (playing) { lastTick = performance.now(); carry = 0; requestAnimationFrame(tick); }
  }
  function tick(now) {
    if (!playing) return;
    carry += ((now - lastTick) / 1000) * speed();
    lastTick = now;
    const n = Math.floor(carry);
    if (n > 0) { carry -= n; step(n); }
    if (cur >= T.nodes.length - 1) { setPlaying(false); return; }
    requestAnimationFrame(tick);
  }
  function showSpeed() { $("speedtext").textContent = speed() + " nodes/s"; }

  $("first").onclick = () => go(0);
  $("back").onclick = () => step(-1);
  $("step").onclick = () => step(1);
  $("nextsol").onclick = () => nextSolution(1);
  $("last").onclick = () => T && go(T.nodes.length - 1);
  $("play").onclick = () => setPlaying(!playing);
  $("speed").oninput = showSpeed;
  $("jump").onchange = () => { jumpTo(+$("jump").value); $("jump").blur(); }; // the keys step again
  window.addEventListener("hashchange", () => { // #node=N edited while open
    const m = /node=(\d+)/.exec(location.hash);
    if (/lecture/.test(location.hash) !== lecture) setLecture(!lecture);
    if (m && T && +m[1] !== T.nodes[cur].node) jumpTo(+m[1]);
  });
  // Lecture mode: large type, all on one screen; #lecture in the URL.
  function setLecture(on) {
    lecture = on;
    document.body.classList.toggle("lecture", on);
    $("lecture").textContent = on ? "normal" : "lecture";
    if (T) { drawTree(); show(); }
    fitBoard();
  }
  if (/lecture/.test(location.hash)) setLecture(true);
  $("lecture").onclick = () => setLecture(!lecture);
  $("micro").onchange = () => setMicro($("micro").checked);
  $("help").onclick = () => { $("keys").hidden = !$("keys").hidden; };
  $("hp-back").onclick = () => humanStep(-1);
  $("hp-step").onclick = () => humanStep(1);
  $("hp-list").onclick = (e) => { const k = e.target.dataset && e.target.dataset.k; if (k !== undefined) { hpCur = +k; showHuman(); } };
  $("tree").onclick = (e) => { const j = e.target.dataset && e.target.dataset.j; if (j !== undefined) go(+j); };
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t && (t.tagName === "TEXTAREA" || t.tagName === "SELECT" || (t.tagName === "INPUT" && t.type !== "range"))) {
      if (e.key === "Escape") t.blur();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const keys = {
      ArrowRight: () => step(1), j: () => step(1), " ": () => step(1),
      ArrowLeft: () => step(-1), k: () => step(-1),
      n: () => nextSolution(1), b: () => nextSolution(-1),
      Home: () => go(0), End: () => T && go(T.nodes.length - 1),
      p: () => setPlaying(!playing),
      "+": () => { $("speed").value = Math.min(9, +$("speed").value + 1); showSpeed(); },
      "-": () => { $("speed").value = Math.max(0, +$("speed").value - 1); showSpeed(); },
      g: () => { $("jump").focus(); $("jump").select(); },
      m: () => setMicro(!microMode),
      L: () => setLecture(!lecture),
      "?": () => { $("keys").hidden = !$("keys").hidden; },
    };
    const f = keys[e.key];
    if (f) { e.preventDefault(); f(); }
  });
  showSpeed();

  // The playground: xcover serve makes the trace, or, in a folder of
  // xcover explain --site, the engine in the page (site.js: xcoverSite).
  async function playground() {
    $("playground").hidden = false;
    const site = window.xcoverSite;
    const ex = site ? await site.start() : await fetch("examples").then((r) => r.json()).catch(() => []);
    if (!ex) return;
    const sel = $("pg-example");
    sel.innerHTML = '<option value="">—</option>' + ex.map((e, j) => '<option value="' + j + '">' + esc(e.name) + "</option>").join("");
    sel.onchange = () => { const e = ex[+sel.value]; if (e) { $("pg-kind").value = e.kind; $("pg-input").value = e.text; } };
    // One trace at a time; Stop ends it (the site's worker is terminated,
    // the request to xcover serve aborted, which ends its trace).
    let abort = null;
    $("pg-stop").onclick = () => {
      if (site) site.stop();
      else if (abort) abort.abort();
    };
    const tracing = (on) => {
      $("pg-run").disabled = on;
      $("pg-stop").hidden = !on;
      document.body.dataset.tracing = on ? "1" : "";
    };
    const fail = (msg) => {
      $("pg-error").textContent = msg;
      $("pg-error").hidden = false;
      $("pg-note").textContent = "";
      document.body.dataset.errors = +(document.body.dataset.errors || 0) + 1;
    };
    $("pg-form").onsubmit = async (e) => {
      e.preventDefault();
      if ($("pg-run").disabled) return;
      setPlaying(false);
      $("pg-error").hidden = true;
      $("pg-note").textContent = "working…";
      const kind = $("pg-kind").value, input = $("pg-input").value;
      const progress = (nodes) => { $("pg-note").textContent = "working… " + nodes.toLocaleString("en") + " nodes searched"; };
      tracing(true);
      try {
        let j;
        if (site) j = await site.trace(kind, input, progress);
        else {
          abort = new AbortController();
          try {
            j = await (await fetch("trace", { method: "POST", body: new URLSearchParams({ kind, input }), signal: abort.signal })).json();
          } catch (err) {
            if (err.name !== "AbortError") throw err;
            j = { stopped: true };
          }
        }
        if (j.stopped) {
          $("pg-note").textContent = "stopped: the trace was dropped; the page shows what it showed before";
          document.body.dataset.stops = +(document.body.dataset.stops || 0) + 1;
          return;
        }
        if (j.error) {
          fail(j.error);
          return;
        }
        load(await decode(j.data));
        $("pg-note").textContent = "";
      } catch (err) {
        fail((site ? "the engine failed: " : "xcover serve did not answer: ") + err);
      } finally {
        abort = null;
        tracing(false);
      }
    };
    document.body.dataset.ready = "1";
  }

  window.xcoverViewer = { go: jumpTo, current: () => (T ? T.nodes[cur].node : 0) };
  if (document.body.dataset.mode !== "page") {
    playground();
  } else {
    decode($("trace-data").textContent).then(load, (err) => {
      $("status").textContent = "cannot read the trace: " + err;
    });
  }
})();
