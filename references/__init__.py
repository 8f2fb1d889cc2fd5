"""Brute-force references: plain enumeration of the rules, for the tests and the benchmarks.

Each module decides a question the product answers (blocks, attacks, payment, production,
damage and search, layers, turn plans) the slow and obvious way, sharing no rules code with
the product, so that tests compare the two on generated boards and benchmarks time the
product against them. Neither tests nor benchmarks import each other.
"""
