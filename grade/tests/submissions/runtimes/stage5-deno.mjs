// Stage 5 of the Tic-Tac-Toe kata for Deno, reading each answer with readline's question().
import * as readline from "node:readline/promises";
import process from "node:process";
import { play } from "./game.mjs";

const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
let ended = false;
rl.on("close", () => {
  ended = true;
});
const status = await play(
  (text) => process.stdout.write(text),
  async (prompt) => {
    if (ended) {
      return null;
    }
    return await Promise.race([
      rl.question(prompt),
      new Promise((resolve) => rl.once("close", () => resolve(null))),
    ]);
  },
);
process.exit(status);
