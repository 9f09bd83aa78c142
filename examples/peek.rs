fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let c = mansion_forge::generate::campaign::plan(args[0]);
    let l = c.generate(args[1] as u32).unwrap();
    print!("{}", mansion_forge::io::ascii::render(&l));
    println!(
        "{:?} guards {} routes {}",
        l.plan,
        l.guards.len(),
        l.patrols.len()
    );
}
