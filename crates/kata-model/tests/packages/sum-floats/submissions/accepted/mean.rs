use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("input");
    let mut tokens = input.split_whitespace();
    let n: usize = tokens.next().and_then(|t| t.parse().ok()).expect("N");
    let sum: f64 = tokens.take(n).map(|t| t.parse::<f64>().expect("a number")).sum();
    println!("{:e}", sum / n as f64);
}
