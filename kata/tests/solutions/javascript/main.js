// Every stage of the Tic-Tac-Toe kata in JavaScript (Node.js), correct on every fixture. Test
// data for kata's tests: copied into a project's stage N with __STAGE__ replaced by N.
"use strict";

const fs = require("fs");

const STAGE = __STAGE__;
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const input = { buffer: Buffer.alloc(0), ended: false };
let cells = "_________".split("");

class InputEnded extends Error {}

function write(text) {
  fs.writeSync(1, text);
}

// The next line without its ending, trimmed; null when the input has ended. Read a chunk at a
// time, synchronously, so that each prompt is answered before the next is shown.
function readLine() {
  for (;;) {
    const end = input.buffer.indexOf(10);
    if (end >= 0) {
      const line = input.buffer.subarray(0, end);
      input.buffer = input.buffer.subarray(end + 1);
      return line.toString("latin1").trim();
    }
    if (input.ended) {
      if (input.buffer.length === 0) {
        return null;
      }
      const line = input.buffer;
      input.buffer = Buffer.alloc(0);
      return line.toString("latin1").trim();
    }
    const chunk = Buffer.alloc(4096);
    const read = fs.readSync(0, chunk, 0, chunk.length, null);
    if (read === 0) {
      input.ended = true;
    }
    input.buffer = Buffer.concat([input.buffer, chunk.subarray(0, read)]);
  }
}

function ask(prompt, awaited) {
  write(prompt);
  const answer = readLine();
  if (answer === null) {
    throw new InputEnded(awaited);
  }
  return answer;
}

function grid() {
  let text = "---------\n";
  for (let row = 0; row < 3; row++) {
    text += `| ${cells[row * 3]} ${cells[row * 3 + 1]} ${cells[row * 3 + 2]} |\n`;
  }
  return text + "---------\n";
}

const wins = (mark) => LINES.some((line) => line.every((index) => cells[index] === mark));
const count = (mark) => cells.filter((cell) => cell === mark).length;

function askCells() {
  for (;;) {
    const answer = ask("Enter cells: ", "the cells were entered");
    if (/^[XO_]{9}$/.test(answer)) {
      cells = answer.split("");
      return;
    }
    write("You should enter 9 symbols: X, O or _!\n");
  }
}

// A coordinate's 0-based index, -1 when not an integer, -2 when outside 1 to 3.
function coordinate(word) {
  if (!/^[+-]?[0-9]+$/.test(word)) {
    return -1;
  }
  const digits = word.replace(/^[+-]?0*/, "");
  return !word.startsWith("-") && /^[1-3]$/.test(digits) ? Number(digits) - 1 : -2;
}

function askMove(awaited) {
  for (;;) {
    const answer = ask("Enter the coordinates: ", awaited);
    const words = answer === "" ? [] : answer.split(/[ \t\v\f\r]+/);
    const row = words.length === 2 ? coordinate(words[0]) : -1;
    const column = words.length === 2 ? coordinate(words[1]) : -1;
    if (row === -1 || column === -1) {
      write("You should enter numbers!\n");
    } else if (row === -2 || column === -2) {
      write("Coordinates should be from 1 to 3!\n");
    } else if (cells[row * 3 + column] !== "_") {
      write("This cell is occupied! Choose another one!\n");
    } else {
      return row * 3 + column;
    }
  }
}

function run() {
  if (STAGE === 1) {
    write("X O X\nO X O\nX X O\n");
  } else if (STAGE <= 4) {
    askCells();
    write(grid());
    if (STAGE === 3) {
      const xWins = wins("X");
      const oWins = wins("O");
      if ((xWins && oWins) || Math.abs(count("X") - count("O")) >= 2) {
        write("Impossible\n");
      } else if (xWins) {
        write("X wins\n");
      } else if (oWins) {
        write("O wins\n");
      } else if (count("_") === 0) {
        write("Draw\n");
      } else {
        write("Game not finished\n");
      }
    } else if (STAGE === 4) {
      cells[askMove("a move was made")] = "X";
      write(grid());
    }
  } else {
    let mark = "X";
    write(grid());
    for (;;) {
      cells[askMove("the game was over")] = mark;
      write(grid());
      if (wins(mark)) {
        write(`${mark} wins\n`);
        return;
      }
      if (count("_") === 0) {
        write("Draw\n");
        return;
      }
      mark = mark === "X" ? "O" : "X";
    }
  }
}

try {
  run();
} catch (error) {
  if (!(error instanceof InputEnded)) {
    throw error;
  }
  process.stderr.write(`stage${STAGE}: input ended before ${error.message}\n`);
  process.exitCode = 1;
}
