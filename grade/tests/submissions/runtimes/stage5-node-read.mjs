// Stage 5 of the Tic-Tac-Toe kata for Node.js, reading each answer with a blocking read of
// descriptor 0 (fs.readSync), where stage5-node.mjs waits in the event loop: scripts/bench-grade
// grades both, for what waiting in epoll costs.
import * as fs from "node:fs";
import { play } from "./game.mjs";

const decoder = new TextDecoder();
let bytes = [];

/** The next line, without its line break, or null at the end of the input. */
function readLine() {
  const byte = Buffer.alloc(1);
  for (;;) {
    if (fs.readSync(0, byte, 0, 1, null) === 0) {
      if (bytes.length === 0) return null;
      break;
    }
    if (byte[0] === 0x0a) break;
    bytes.push(byte[0]);
  }
  const line = decoder.decode(Uint8Array.from(bytes));
  bytes = [];
  return line;
}

process.exitCode = await play(
  (text) => process.stdout.write(text),
  async (prompt) => {
    process.stdout.write(prompt);
    return readLine();
  },
);
process.exit();
