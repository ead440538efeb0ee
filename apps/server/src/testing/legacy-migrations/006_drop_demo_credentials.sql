-- HTTP Basic checks the identity service's password credentials; this second store of demo
-- passwords is no longer read by anything.
DROP TABLE IF EXISTS opsdeck.demo_credentials;
