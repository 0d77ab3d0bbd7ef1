"""Language helpers every stage and backend may use: normalisation, tokens, word forms and lexicons.

Neutral ground: it imports nothing from the stages or the backends, so the filter, validation,
maintenance and any extractor can share one idea of what a word and a drug name are.
"""
