//! Whether a line matches any of a set of built-in patterns, from an automaton built for that
//! question only.
//!
//! `regex`'s `Regex` and `RegexSet` build, besides the forward lazy DFA that answers
//! `is_match`, a reverse NFA and lazy DFA, literal prefilters, a one-pass DFA and a
//! backtracker: what finding a match's span needs. [`signals`](crate::signals) only asks whether
//! a line matches, once per line, in a process that lives for one input (a hook's event, a
//! pipe), so building is much of what the patterns cost: `ctx-truncate --strategy salient` of
//! 20 KB took 17 ms, about half of it building them. A [`Matcher`] compiles one forward NFA,
//! without the patterns' own capture groups, and runs a lazy DFA over it; where the lazy DFA
//! cannot answer (a Unicode word boundary next to a byte past ASCII), a PikeVM over the same
//! NFA does, as `regex` itself would.

use regex_automata::Input;
use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::nfa::thompson::{self, NFA, pikevm::PikeVM};
use regex_automata::util::{pool::Pool, syntax};
use std::sync::OnceLock;

/// Makes a cache for a pool.
type Make<T> = Box<dyn Fn() -> T + Send + Sync + std::panic::UnwindSafe + std::panic::RefUnwindSafe>;

/// Built-in patterns, asked only whether a haystack matches any of them.
pub struct Matcher {
    nfa: NFA,
    dfa: DFA,
    caches: Pool<Cache, Make<Cache>>,
    slow: OnceLock<(PikeVM, Pool<thompson::pikevm::Cache, Make<thompson::pikevm::Cache>>)>,
}

impl Matcher {
    /// The patterns, in `regex::bytes` syntax (Unicode on unless a pattern says `(?-u)`; `.`
    /// may match any byte). Panics when one does not compile: they are built in, and a test
    /// builds every one.
    pub fn new<P: AsRef<str>>(patterns: &[P]) -> Matcher {
        let nfa = thompson::Compiler::new()
            .syntax(syntax::Config::new().utf8(false))
            .configure(thompson::Config::new().utf8(false).which_captures(thompson::WhichCaptures::Implicit))
            .build_many(patterns)
            .expect("built-in patterns");
        let dfa = DFA::builder()
            .configure(DFA::config().unicode_word_boundary(true))
            .build_from_nfa(nfa.clone())
            .expect("built-in patterns");
        let made = dfa.clone();
        let caches = Pool::new(Box::new(move || made.create_cache()) as Make<Cache>);
        Matcher { nfa, dfa, caches, slow: OnceLock::new() }
    }

    /// Whether `haystack` matches any of the patterns.
    pub fn is_match(&self, haystack: &[u8]) -> bool {
        let input = Input::new(haystack).earliest(true);
        match self.dfa.try_search_fwd(&mut self.caches.get(), &input) {
            Ok(found) => found.is_some(),
            Err(_) => {
                let (vm, caches) = self.slow.get_or_init(|| {
                    let vm = PikeVM::new_from_nfa(self.nfa.clone()).expect("an NFA the DFA was built from");
                    let made = vm.clone();
                    let caches = Pool::new(Box::new(move || made.create_cache()) as Make<thompson::pikevm::Cache>);
                    (vm, caches)
                });
                vm.is_match(&mut caches.get(), input)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same answers as `regex::bytes::RegexSet` over the same patterns, past ASCII too.
    #[test]
    fn answers_as_a_regex_set_does() {
        let patterns = [r"(?-u)^\s*error\b", r"(?i:\bwarn(?:ing)?\b)", r"(?-u)\d+ failed", r"(?-u)x.y$"];
        let set = regex::bytes::RegexSet::new(patterns).expect("valid");
        let m = Matcher::new(&patterns);
        let lines: [&[u8]; 12] = [
            b"error: x",
            b"  error",
            b"errors",
            b"a WARNING here",
            b"warnings",
            "warnéé".as_bytes(),
            "é warn é".as_bytes(),
            b"3 failed",
            b"failed",
            b"x\xffy",
            b"x\xffy\n",
            b"",
        ];
        for line in lines {
            assert_eq!(m.is_match(line), set.is_match(line), "{:?}", String::from_utf8_lossy(line));
        }
        assert_eq!(lines.iter().filter(|l| m.is_match(l)).count(), 6);
        // The lazy DFA gives up next to a byte past ASCII when a Unicode `\b` is in play; the
        // answer above for such a line came from the PikeVM.
        let input = Input::new("é warn é".as_bytes());
        assert!(m.dfa.try_search_fwd(&mut m.caches.get(), &input).is_err());
    }
}
