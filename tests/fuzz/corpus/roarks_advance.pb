
roarks_drift"0  j"