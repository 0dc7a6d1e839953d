use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut replies = stdin.lock().lines();
    let (mut low, mut high) = (1, 1000);
    while low <= high {
        let guess = (low + high) / 2;
        let mut out = std::io::stdout().lock();
        writeln!(out, "{guess}").expect("guess written");
        out.flush().expect("guess sent");
        match replies.next().and_then(Result::ok).as_deref() {
            Some("correct") => return,
            Some("lower") => high = guess - 1,
            Some("higher") => low = guess + 1,
            _ => std::process::exit(1),
        }
    }
}
