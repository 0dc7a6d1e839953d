use std::io::{BufRead, Write};

fn main() {
    println!("500");
    std::io::stdout().flush().expect("guess sent");
    let mut reply = String::new();
    std::io::stdin().lock().read_line(&mut reply).expect("a reply");
    panic!("did not expect `{}`", reply.trim());
}
