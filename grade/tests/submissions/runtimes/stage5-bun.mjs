// Stage 5 of the Tic-Tac-Toe kata for Bun, reading each answer with prompt(), which writes its
// message and a space. (Bun's `for await (const line of console)` gives one empty line more
// after input that ends with a newline, which this game would take for an answer.)
import { play } from "./game.mjs";

const status = await play(
  (text) => process.stdout.write(text),
  async (question) => prompt(question.trimEnd()),
);
process.exit(status);
