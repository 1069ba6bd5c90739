"""A deliberately tiny third-party domain: shows what a domain needs and nothing more."""
