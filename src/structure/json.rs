//! Budgeted JSON that stays valid JSON (in progress).
