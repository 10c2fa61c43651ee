// Reads one line from the terminal without showing what is typed (a password), like sudo does.

export function readHiddenLine(prompt: string): Promise<string> {
  const input = process.stdin;
  const output = process.stderr;
  return new Promise((resolve, reject) => {
    let line = "";
    output.write(prompt);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener("data", onData);
      output.write("\n");
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (text: string) => {
      for (const character of text) {
        if (character === "\r" || character === "\n") return finish();
        if (character === "\u0003") return finish(new Error("cancelled"));
        if (character === "\u007f" || character === "\b") line = [...line].slice(0, -1).join("");
        else if (character >= " ") line += character;
      }
    };
    input.on("data", onData);
  });
}
