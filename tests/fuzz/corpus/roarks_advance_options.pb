
roarks_drift"0  j"0