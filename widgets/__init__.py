"""ipywidgets components for Rules Explorer, grouped by job (components/, play/, event_graph/, learn/, balance/, app/,
server/; each game's own in games/<id>/). One component per module; import them by module:

    from widgets.components.step_controls import StepControls

Components call the engine (``explorer``) and the odds (``probability``); they never compute rules.
Inside this project write ``import ipywidgets as ipw`` so this package is never shadowed.
"""
