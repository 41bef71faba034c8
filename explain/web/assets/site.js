// The engine of a folder of "xcover explain --site": xcover's playground
// compiled to WebAssembly (explain/web/wasm), gzipped in base64 in the
// element #engine, run by Go's wasm_exec.js (the element #wasm-exec) in a
// Web Worker, so that the page stays live while the engine traces: it
// shows the nodes searched so far, and Stop ends the worker. page.js asks
// xcoverSite for the examples and the traces instead of asking xcover
// serve.
//
// The worker's script is made in the page, a blob: URL of wasm_exec.js and
// worker below: a page opened from disk (file://) may load no script of
// its own folder, and one index.html holds everything. The page's policy
// allows workers from blob: URLs and nothing else (worker-src blob:).
window.xcoverSite = (() => {
  const $ = (id) => document.getElementById(id);
  const bytes = (b64) => {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(b64.trim());
    const bin = atob(b64.trim());
    const raw = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) raw[i] = bin.charCodeAt(i);
    return raw;
  };

  // worker is the worker's own code, run there after wasm_exec.js: it
  // starts the engine from the compiled module it is sent, then answers
  // each {kind, input} with {data} or {error}, and posts {progress: nodes}
  // while it traces (the engine calls xcoverProgress).
  function worker() {
    self.xcoverProgress = (nodes) => postMessage({ progress: nodes });
    let ready = null;
    onmessage = async (e) => {
      if (e.data.module) {
        const go = new Go();
        ready = WebAssembly.instantiate(e.data.module, go.importObject).then((instance) => {
          go.run(instance); // main sets xcoverTrace, then waits for calls
          if (typeof self.xcoverTrace !== "function") throw new Error("the engine did not start");
        });
        ready.then(() => postMessage({ ready: true }), (err) => postMessage({ failed: String(err) }));
        return;
      }
      await ready;
      const t0 = performance.now();
      const j = self.xcoverTrace(e.data.kind, e.data.input);
      postMessage({ data: j.data, error: j.error, ms: Math.round(performance.now() - t0) });
    };
  }

  let module = null; // the engine, compiled once
  let script = null; // the worker's blob: URL
  let current = null; // {worker, ready: Promise}
  let pending = null; // the trace under way: {resolve}

  // spawn starts a worker and sends it the engine.
  function spawn() {
    const w = new Worker(script);
    let started, failed;
    const ready = new Promise((res, rej) => { started = res; failed = rej; });
    w.onmessage = (e) => {
      const m = e.data;
      if (m.ready) started();
      else if (m.failed) failed(new Error(m.failed));
      else if ("progress" in m) {
        if (pending && pending.progress) pending.progress(m.progress);
      } else if (pending) {
        const p = pending;
        pending = null;
        p.resolve(m);
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      const err = new Error(e.message || "the engine's worker failed");
      failed(err);
      if (pending) { const p = pending; pending = null; p.resolve({ error: "the engine failed: " + err.message }); }
    };
    w.postMessage({ module });
    current = { worker: w, ready };
  }

  return {
    // start compiles the engine, starts its worker and returns the
    // examples, or null when the engine cannot run (the page says why).
    async start() {
      $("pg-note").textContent = "starting the engine…";
      $("pg-run").disabled = true;
      try {
        const wasm = await new Response(new Blob([bytes($("engine").textContent)]).stream()
          .pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
        module = await WebAssembly.compile(wasm);
        const code = $("wasm-exec").textContent + "\n;(" + worker.toString() + ")();\n";
        script = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
        spawn();
        await current.ready;
      } catch (err) {
        $("pg-note").textContent = "";
        $("pg-error").textContent = "the engine cannot run in this browser: " + err;
        $("pg-error").hidden = false;
        return null;
      }
      $("pg-note").textContent = "";
      $("pg-run").disabled = false;
      return JSON.parse($("examples").textContent);
    },
    // trace returns {data} or {error}, as xcover serve answers, or
    // {stopped: true} when stop ended it. progress(nodes) is called as the
    // worker reports the nodes searched.
    async trace(kind, input, progress) {
      await current.ready;
      const answer = await new Promise((resolve) => {
        pending = { resolve, progress };
        current.worker.postMessage({ kind, input });
      });
      if (answer.ms !== undefined) document.body.dataset.traceMs = answer.ms;
      return answer;
    },
    // stop ends the trace under way: the worker, held by the engine until
    // the trace ends, hears nothing, so it is terminated, and a new one
    // started for the next trace.
    stop() {
      if (!pending) return;
      current.worker.terminate();
      const p = pending;
      pending = null;
      spawn();
      p.resolve({ stopped: true });
    },
  };
})();
