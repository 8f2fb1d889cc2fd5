"""The brute-force turn planner (all orders, all colour choices, all payments). It lives in
``benchmarks/plan_brute.py`` so that ``benchmarks/plan.py`` runs it beside ``plan`` without
importing from ``tests/``; it shares no rules code with the product."""
from benchmarks.plan_brute import feasible, keep_payable, max_x

__all__ = ["feasible", "keep_payable", "max_x"]
