"""Rome, IInc. (Philip Jelley): the Late Roman Empire 286-629 CE, solo or two in co-operation."""
