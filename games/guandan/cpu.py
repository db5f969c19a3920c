def choose(engine, state, seat):
    acts = engine.legal_actions(state, seat)
    return acts[0]
