// The game of stage 5 of the Tic-Tac-Toe kata, for Node.js, Deno and Bun alike: `write` shows
// text, `ask` shows a prompt and resolves to the next line, or null at end of input. Resolves to
// the exit status.
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

export async function play(write, ask) {
  const cells = Array(9).fill("_");
  let mark = "X";
  const show = () => {
    write("---------\n");
    for (let row = 0; row < 3; row++) {
      write(`| ${cells.slice(row * 3, row * 3 + 3).join(" ")} |\n`);
    }
    write("---------\n");
  };
  show();
  for (;;) {
    const line = await ask("Enter the coordinates: ");
    if (line === null) {
      console.error("stage5: input ended before the game was over");
      return 1;
    }
    const words = line.trim().split(/\s+/).filter((word) => word !== "");
    if (words.length !== 2 || !words.every((word) => /^[+-]?[0-9]+$/.test(word))) {
      write("You should enter numbers!\n");
      continue;
    }
    const found = words.map((word) => /^\+?0*([1-3])$/.exec(word));
    if (found.includes(null)) {
      write("Coordinates should be from 1 to 3!\n");
      continue;
    }
    const index = (Number(found[0][1]) - 1) * 3 + Number(found[1][1]) - 1;
    if (cells[index] !== "_") {
      write("This cell is occupied! Choose another one!\n");
      continue;
    }
    cells[index] = mark;
    show();
    if (LINES.some((three) => three.every((i) => cells[i] === mark))) {
      write(`${mark} wins\n`);
      return 0;
    }
    if (!cells.includes("_")) {
      write("Draw\n");
      return 0;
    }
    mark = mark === "X" ? "O" : "X";
  }
}
