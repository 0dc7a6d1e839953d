// Stage 5 of the Tic-Tac-Toe kata for Node.js, reading each answer from readline's line iterator.
import * as readline from "node:readline";
import { play } from "./game.mjs";

const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
process.exitCode = await play(
  (text) => process.stdout.write(text),
  async (prompt) => {
    process.stdout.write(prompt);
    const next = await lines.next();
    return next.done ? null : next.value;
  },
);
process.exit();
