//! Whether a line matches any of a set of built-in patterns, from an automaton built for that
//! question only.
//!
//! `regex`'s `Regex` and `RegexSet` build, besides the forward lazy DFA that answers
//! `is_match`, a reverse NFA and lazy DFA, literal prefilters, a one-pass DFA and a
//! backtracker: what finding a match's span needs. [`signals`](crate::signals) only asks whether
//! a line matches, once per line, in a process that lives for one input (a hook's event, a
//! pipe), so building is much of what the patterns cost: `ctx-truncate --strategy salient` of
//! 20 KB took 17 ms, about half of it building them. A [`Matcher`] compiles forward NFAs only
//! (one for the patterns anchored at the start, one for the others), without the patterns' own
//! capture groups, and runs a lazy DFA over each; where a lazy DFA cannot answer (a Unicode word
//! boundary next to a byte past ASCII), a PikeVM over the same NFA does, as `regex` itself would.

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::nfa::thompson::{self, NFA, pikevm::PikeVM};
use regex_automata::util::{pool::Pool, syntax};
use regex_automata::{Anchored, Input};
use regex_syntax::hir::Hir;
use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

/// Makes a cache for a pool.
type Make<T> = Box<dyn Fn() -> T + Send + Sync + std::panic::UnwindSafe + std::panic::RefUnwindSafe>;

/// Built-in patterns, asked only whether a haystack matches any of them.
///
/// The patterns that can match only at the start (`^error: `) and the others run as two
/// automata: the first search is anchored and stops once no pattern can match, a byte or a few
/// into most lines, and neither automaton's states multiply with the other's (the verdicts'
/// set, one automaton, built 13 ms of states on the lines of a 1 MB log; see
/// bench/BENCHMARKS.md).
///
/// Each thread searches with a lazy DFA cache of its own, which fills with the states the
/// lines it judged reached: building them is most of what a cold search costs. A thread that
/// is done judging for a while (a scan thread between blocks) hands its caches back
/// ([`hand_back`]), and the next thread to need one takes the fullest, so that the lines the
/// fit judges after the scan find the states the scan built (a pool that keeps each cache to
/// the thread that filled it gave the fit cold ones).
pub struct Matcher {
    parts: Vec<Part>,
}

/// Patterns of a [`Matcher`] that run as one automaton.
struct Part {
    nfa: NFA,
    dfa: DFA,
    /// Whether every pattern can match only at the start: its searches are anchored.
    anchored: bool,
    /// Its index in [`SPARE`] and in each thread's [`HELD`].
    id: usize,
    slow: OnceLock<(PikeVM, Pool<thompson::pikevm::Cache, Make<thompson::pikevm::Cache>>)>,
}

/// The next [`Part::id`].
static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

/// The caches handed back, by [`Part::id`].
static SPARE: Mutex<Vec<Vec<Cache>>> = Mutex::new(Vec::new());

thread_local! {
    /// This thread's caches, by [`Part::id`].
    static HELD: RefCell<Vec<Option<Cache>>> = const { RefCell::new(Vec::new()) };
}

/// Hands this thread's caches back for other threads to take (see [`Matcher`]). Cheap: a
/// thread calls it when it is done with a block of lines.
pub fn hand_back() {
    HELD.with_borrow_mut(|held| {
        if held.iter().all(Option::is_none) {
            return;
        }
        let mut spare = SPARE.lock().unwrap_or_else(PoisonError::into_inner);
        for (id, cache) in held.iter_mut().enumerate() {
            if let Some(c) = cache.take() {
                if spare.len() <= id {
                    spare.resize_with(id + 1, Vec::new);
                }
                spare[id].push(c);
            }
        }
    });
}

impl Matcher {
    /// The patterns, in `regex::bytes` syntax (Unicode on unless a pattern says `(?-u)`; `.`
    /// may match any byte). Panics when one does not compile: they are built in, and a test
    /// builds every one.
    pub fn new<P: AsRef<str>>(patterns: &[P]) -> Matcher {
        let hirs = syntax::parse_many_with(patterns, &syntax::Config::new().utf8(false)).expect("built-in patterns");
        let at_start = |h: &Hir| h.properties().look_set_prefix().contains(regex_syntax::hir::Look::Start);
        let (anchored, floating): (Vec<Hir>, Vec<Hir>) = hirs.into_iter().partition(at_start);
        let parts = [(anchored, true), (floating, false)]
            .into_iter()
            .filter(|(p, _)| !p.is_empty())
            .map(|(p, anchored)| Part::new(&p, anchored))
            .collect();
        Matcher { parts }
    }

    /// Whether `haystack` matches any of the patterns.
    pub fn is_match(&self, haystack: &[u8]) -> bool {
        self.parts.iter().any(|p| p.is_match(haystack))
    }
}

impl Part {
    fn new(patterns: &[Hir], anchored: bool) -> Part {
        let nfa = thompson::Compiler::new()
            .configure(thompson::Config::new().utf8(false).which_captures(thompson::WhichCaptures::Implicit))
            .build_many_from_hir(patterns)
            .expect("built-in patterns");
        let dfa = DFA::builder()
            .configure(DFA::config().unicode_word_boundary(true))
            .build_from_nfa(nfa.clone())
            .expect("built-in patterns");
        Part { nfa, dfa, anchored, id: NEXT_ID.fetch_add(1, Ordering::Relaxed), slow: OnceLock::new() }
    }

    /// A cache for this thread: a spare one, the fullest, or a new one.
    fn cache(&self) -> Cache {
        let mut spare = SPARE.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = spare.get_mut(self.id).filter(|s| !s.is_empty());
        match mine {
            Some(caches) => {
                let (i, _) = caches.iter().enumerate().max_by_key(|(_, c)| c.memory_usage()).expect("not empty");
                caches.swap_remove(i)
            }
            None => {
                drop(spare);
                self.dfa.create_cache()
            }
        }
    }

    fn is_match(&self, haystack: &[u8]) -> bool {
        let anchored = if self.anchored { Anchored::Yes } else { Anchored::No };
        let input = Input::new(haystack).earliest(true).anchored(anchored);
        let found = HELD.with_borrow_mut(|held| {
            if held.len() <= self.id {
                held.resize_with(self.id + 1, || None);
            }
            let cache = held[self.id].get_or_insert_with(|| self.cache());
            self.dfa.try_search_fwd(cache, &input)
        });
        match found {
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

impl Drop for Part {
    /// Its spare caches go with it (the built-in matchers live as long as the process).
    fn drop(&mut self) {
        let mut spare = SPARE.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(caches) = spare.get_mut(self.id) {
            caches.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The states one thread built are what the next thread to need a cache searches with,
    /// once the first hands its caches back, and only then.
    #[test]
    fn a_cache_handed_back_is_taken_with_its_states() {
        let m = Matcher::new(&[r"(?-u)\berror\b", r"(?-u)FAIL"]);
        assert_eq!(m.parts.len(), 1, "no pattern is anchored");
        let fresh = m.parts[0].dfa.create_cache().memory_usage();
        std::thread::scope(|s| {
            s.spawn(|| assert!(m.is_match(b"error: x")));
        });
        assert_eq!(m.parts[0].cache().memory_usage(), fresh, "a thread that did not hand back kept its cache");
        std::thread::scope(|s| {
            s.spawn(|| {
                assert!(m.is_match(b"error: x"));
                hand_back();
            });
        });
        // This thread takes that cache, searches with it as with any, and hands it back.
        assert!(m.is_match(b"a FAIL"));
        assert!(!m.is_match(b"no error_here"));
        hand_back();
        assert!(m.parts[0].cache().memory_usage() > fresh);
        assert_eq!(m.parts[0].cache().memory_usage(), fresh, "a cache handed back is taken once");
    }

    /// The same answers as `regex::bytes::RegexSet` over the same patterns, past ASCII too.
    #[test]
    fn answers_as_a_regex_set_does() {
        let patterns = [r"(?-u)^\s*error\b", r"(?i:\bwarn(?:ing)?\b)", r"(?-u)\d+ failed", r"(?-u)x.y$"];
        let set = regex::bytes::RegexSet::new(patterns).expect("valid");
        let m = Matcher::new(&patterns);
        // The first runs anchored, the others as one automaton of their own.
        assert_eq!(m.parts.iter().map(|p| p.anchored).collect::<Vec<_>>(), [true, false]);
        let lines: [&[u8]; 14] = [
            b"error: x",
            b"x error",
            b" error x",
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
        assert_eq!(lines.iter().filter(|l| m.is_match(l)).count(), 7);
        // The lazy DFA gives up next to a byte past ASCII when a Unicode `\b` is in play; the
        // answer above for such a line came from the PikeVM.
        let input = Input::new("é warn é".as_bytes());
        let dfa = &m.parts[1].dfa;
        assert!(dfa.try_search_fwd(&mut dfa.create_cache(), &input).is_err());
    }
}
