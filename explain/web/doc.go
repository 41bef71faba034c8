// Package web shows a search of [explain] in a web browser: the page of
// "xcover explain --html" and the playground of "xcover serve".
//
// # The page
//
// A page is one HTML file, its style and script inline, that opens from
// disk and fetches nothing (a Content-Security-Policy in the page forbids
// it). It holds an [explain.Trace]: the nodes of the search tree in the
// order the search enters them, each with the narration's own lines (the
// same words "xcover explain" prints in a terminal, from the same
// narrator), the items left and their numbers of options, the item chosen,
// and the items covered and options hidden since the node's parent. The
// script rebuilds a node's state from those differences along its path and
// draws, all in step: the 0/1 matrix with covered items and hidden options
// greyed (a window of at most 60 items and 100 options on a larger one,
// as "explain --matrix" shows a window), the item chosen and why, the
// items left, the partial solution and, when [DetectBoard] recognizes the
// problem, its board (a Sudoku grid with the candidates of each empty
// cell, queens on a chessboard, polyominoes on their board), the path from
// the root with each level's branches, the whole search tree up to 1,500
// nodes, the narration, and the counts (nodes, updates, solutions;
// cleansings with multiplicities). Controls step, step back, go to the
// next solution or the end, play at a speed, and jump to a node, with
// keyboard shortcuts ("?" lists them).
//
// # A Sudoku's rating and human path
//
// The page of a Sudoku (a grid pasted into a playground, or the problem of
// "xcover sudoku --emit-spec", its givens found again from its items)
// shows as well how a person would solve it: the rating of
// "xcover sudoku --rate" (the hardest technique its human path needs, and
// its level) and the path itself, from sudoku's Solver.Rate, each step in
// the players' words and in items and options, on a board of its own that
// outlines the step's cells and marks, among the pencil marks, the value
// it places and the candidates it rules out. A path the techniques do not
// finish ends where they stop, with the cells left to the search. The page
// keeps at most [MaxRatingSteps] steps and [MaxRatingBytes] of data for
// them, taken from the trace's budget before the trace is made (see
// rating.go); a 9×9 path of 60 steps is 11 KB of data, 2.4 KB of the page
// once gzipped.
//
// # Why a trace, not WebAssembly
//
// The search is done before the page is written, by xcover's own walk;
// the page only shows it. Compiling the walk to WebAssembly would make the
// page 3 MB or more before any data and need a Go runtime in the browser,
// and stepping back or jumping would mean searching again (the site below
// pays those 3 MB once, to make traces in the browser); a trace is
// smaller for the searches a lecture follows, can be tested node by node
// against the terminal's narration, and cannot disagree with it. The
// price is size, measured on a wordy search (polyominoes, each option
// covering six items): the pentominoes in a 3×20 box, 32,644 nodes, make
// 52 MB of JSON, 1.6 KB a node. A trace therefore stops at
// [explain.MaxTraceNodes] = 100,000 nodes, and at [explain.MaxTraceBytes]
// = 256 MiB of memory, counted as it is made: the first 100,000 nodes of
// the pentominoes in a 6×10 box count 227 MB and make a page of 15.7 MB,
// 157 bytes a node (the data of the next section, gzipped and in base64),
// which headless Chromium opens and steps through, and which xcover made
// holding 520 MB at most; an empty 64×64 Sudoku, whose every node lists
// thousands of items and options, stops at the budget after 84,729 nodes.
// A search of a few thousand nodes, as a lecture follows, makes a page of
// a megabyte or less that opens at once.
//
// The page is written as it is encoded, the trace's long lists (options,
// lines, nodes) an element at a time, so that the trace is never held
// twice.
//
// # The playground
//
// [TraceInput] makes the page's data for a pasted input: a problem (YAML
// or DLX), a Sudoku grid or a pentomino board, traced with the same code
// within the playground's limits ([MaxInputBytes], [MaxPlaygroundNodes],
// [MaxPlaygroundTraceBytes], [MaxReplyBytes]), or a located message for
// bad input. Two playgrounds call it: the HTTP server of "xcover serve"
// (package explain/web/playground, which adds what a server on the
// loopback needs: its guards, its queue and its time limits), and the
// engine of a site, below. This package has no HTTP in it, so that the
// engine compiled to WebAssembly links no net/http.
//
// # The site: a playground with no server
//
// [WriteSite] writes the index.html of "xcover explain --site": the
// playground, its examples, and its engine, explain/web/wasm, which is
// [TraceInput] compiled to WebAssembly, with the playground's limits.
// The engine is gzipped and in base64 inside the page, with Go's
// wasm_exec.js that runs it, because a page opened from disk may fetch
// nothing (Chromium refuses file:// to fetch()); the page inflates it with
// the browser's DecompressionStream, and its policy allows WebAssembly to
// compile ('wasm-unsafe-eval') and connects nowhere. The engine runs in a
// Web Worker that the page makes from a blob: URL of its own (worker-src
// blob:), so that the page stays live while it traces: it shows the nodes
// searched so far, and Stop terminates the worker (a worker held by the
// engine hears no message) and starts another for the next trace.
package web
