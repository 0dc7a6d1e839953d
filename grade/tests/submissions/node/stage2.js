// Stage 2 of the Tic-Tac-Toe kata in JavaScript for Node.js: readline on standard input, which
// Node reads by waiting in epoll, not in a read.
"use strict";

const readline = require("node:readline");

const input = readline.createInterface({ input: process.stdin });
let done = false;

function ask() {
  process.stdout.write("Enter cells: ");
}

input.on("line", (line) => {
  const cells = line.trim();
  if (!/^[XO_]{9}$/.test(cells)) {
    process.stdout.write("You should enter 9 symbols: X, O or _!\n");
    ask();
    return;
  }
  done = true;
  let grid = "---------\n";
  for (let row = 0; row < 3; row++) {
    grid += `| ${cells[row * 3]} ${cells[row * 3 + 1]} ${cells[row * 3 + 2]} |\n`;
  }
  process.stdout.write(grid + "---------\n");
  input.close();
});

input.on("close", () => {
  if (!done) {
    process.stderr.write("stage2: input ended before the cells were entered\n");
    process.exitCode = 1;
  }
});

ask();
